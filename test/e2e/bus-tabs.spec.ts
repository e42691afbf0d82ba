import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.js';

const ADMIN_PASSWORD = 'e2e-admin-password';

async function rpc<T>(request: APIRequestContext, route: string, params: unknown): Promise<T> {
  const res = await request.post(route, { data: { jsonrpc: '2.0', method: 'call', params, id: 1 } });
  const body = (await res.json()) as { result?: T; error?: unknown };
  if (body.error !== undefined) throw new Error(`${route}: ${JSON.stringify(body.error)}`);
  return body.result as T;
}

/** A tab of the test page, with the number of long polls it sent itself. */
interface Tab {
  page: Page;
  polls: number;
}

test.describe('cross-tab bus in several tabs of one browser against the real server', () => {
  test('one tab polls, every tab shows each operator message once, and closing the master hands over with nothing lost', async ({ context, request }) => {
    // The operator logs in through the HTTP API (so it is online) and a visitor session is opened.
    await rpc(request, '/web/session/authenticate', { db: 'livechat', login: 'admin', password: ADMIN_PASSWORD });
    const session = await rpc<{ uuid: string }>(request, '/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Visitor', previous_operator_id: null });
    const say = (text: string) => rpc<number>(request, '/mail/chat_post', { uuid: session.uuid, message_content: text });

    const tabs: Tab[] = [];
    for (let i = 0; i < 3; i += 1) {
      const page = await context.newPage();
      const tab: Tab = { page, polls: 0 };
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/longpolling/poll') tab.polls += 1;
      });
      await page.goto(`/bus-test.html?uuid=${encodeURIComponent(session.uuid)}`);
      tabs.push(tab);
    }
    const role = (tab: Tab) => tab.page.getByRole('status', { name: 'Role' });
    const messages = (tab: Tab) => tab.page.getByRole('list', { name: 'Messages' }).getByRole('listitem');
    const masters = async (list: Tab[]) => {
      const roles = await Promise.all(list.map((t) => role(t).textContent()));
      return list.filter((_, i) => roles[i] === 'master');
    };

    await expect.poll(async () => (await masters(tabs)).length, { timeout: 10_000 }).toBe(1);
    for (const tab of tabs) await expect(role(tab)).toHaveText(/^(master|follower)$/);

    await say('Hello from the operator');
    for (const tab of tabs) await expect(messages(tab)).toHaveText(['Hello from the operator']);
    const [master] = await masters(tabs);
    const followers = tabs.filter((t) => t !== master);
    expect(master!.polls).toBeGreaterThan(0);
    for (const tab of followers) expect(tab.polls, 'a follower sent no poll').toBe(0);

    await master!.page.close();
    await say('Said during the handover');
    await expect.poll(async () => (await masters(followers)).length, { timeout: 15_000 }).toBe(1);
    const [successor] = await masters(followers);
    const stillFollower = followers.find((t) => t !== successor)!;
    await say('Said after the handover');

    for (const tab of followers) {
      await expect(messages(tab)).toHaveText(['Hello from the operator', 'Said during the handover', 'Said after the handover']);
    }
    // Nothing shows up twice later either (a second poll round, more storage events).
    await successor!.page.waitForTimeout(1_500);
    for (const tab of followers) await expect(messages(tab)).toHaveCount(3);
    expect(successor!.polls).toBeGreaterThan(0);
    expect(stillFollower.polls, 'the remaining follower still polls nothing').toBe(0);
  });
});
