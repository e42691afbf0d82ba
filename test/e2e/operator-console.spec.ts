import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { axeInBothThemes } from './support/axe.js';
import { test } from './support/test.js';

// The visitor is driven through the widget's HTTP API (a cookie-less request context, as the widget
// calls cross-origin); the operator uses the real console in Chromium.
const ADMIN = { login: 'admin', password: 'e2e-admin-password' };

async function rpc<T>(request: APIRequestContext, route: string, params: Record<string, unknown>): Promise<T> {
  const res = await request.post(route, { data: { jsonrpc: '2.0', method: 'call', params, id: 1 } });
  const body = (await res.json()) as { result?: T; error?: unknown };
  if (body.error) throw new Error(`${route}: ${JSON.stringify(body.error)}`);
  return body.result as T;
}

/** Polls the visitor's channel until a payload matches, like the widget's bus would. */
async function visitorWaitsFor(request: APIRequestContext, uuid: string, match: (p: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  let last = 0;
  for (let i = 0; i < 20; i += 1) {
    const list = await rpc<{ id: number; message: Record<string, unknown> }[]>(request, '/longpolling/poll', { channels: [uuid], last, options: {} });
    for (const n of list) {
      last = Math.max(last, n.id);
      if (match(n.message)) return n.message;
    }
  }
  throw new Error('the visitor never received the expected notification');
}

async function logIn(page: Page): Promise<void> {
  await page.getByLabel('Login').fill(ADMIN.login);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
}

test('an operator logs in, answers a visitor live, sees typing and pages, closes and sees the rating', async ({ page, playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('dialog', (d) => {
    pageErrors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });

  await page.goto('/operator/');
  await page.getByLabel('Login').fill(ADMIN.login);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong login or password');
  await logIn(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Conversations' }), 'the session survives a reload').toBeVisible();
  await expect(page.getByRole('switch', { name: 'Available' })).toHaveAttribute('aria-checked', 'true');

  // Polling console: the operator is online for the widget.
  await expect.poll(async () => (await rpc<{ available_for_me: unknown }>(visitor, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);
  const session = await rpc<{ id: number; uuid: string }>(visitor, '/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Visitor', previous_operator_id: null });
  expect(session.uuid).toBeTruthy();
  await rpc(visitor, '/mail/chat_post', { uuid: session.uuid, message_content: 'Hello <img src=x onerror=alert(1)>' });

  // Earlier tests leave other visitors' conversations in the list: pick this visitor's by its message.
  const item = page.getByRole('button', { name: /Visitor.*1 unread message/ }).filter({ hasText: 'Hello <img src=x onerror=alert(1)>' });
  await expect(item).toBeVisible();
  await item.click();
  const thread = page.getByRole('list', { name: 'Messages with Visitor' });
  await expect(thread.getByText('Hello <img src=x onerror=alert(1)>')).toBeVisible();
  expect(await thread.locator('img').count(), 'visitor markup stays text').toBe(0);

  // Typing both ways.
  await rpc(visitor, '/im_livechat/notify_typing', { uuid: session.uuid, is_typing: true });
  await expect(page.getByText(/^Visitor \d{4} is typing\.\.\.$/)).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message to Visitor' });
  await composer.fill('Hi');
  await visitorWaitsFor(visitor, session.uuid, (p) => p.info === 'typing_status' && p.is_typing === true && p.is_website_user === false);

  // Enter sends; the visitor receives it.
  await composer.fill('Hi, how can I help?');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await visitorWaitsFor(visitor, session.uuid, (p) => p.body === '<p>Hi, how can I help?</p>');
  await expect(thread.getByText('Hi, how can I help?')).toBeVisible();

  // Page history: the console asks, the widget answers, the console shows it.
  await page.getByRole('button', { name: 'Request visited pages' }).click();
  await visitorWaitsFor(visitor, session.uuid, (p) => p._type === 'history_command');
  await rpc(visitor, '/im_livechat/history', { pid: 1, channel_uuid: session.uuid, page_history: ['/', '/pricing'] });
  await expect(page.getByRole('listitem').filter({ hasText: '/pricing' })).toBeVisible();

  // Closing: the visitor is told; the rating is announced live, without reading the conversation again.
  await page.getByRole('button', { name: 'Close conversation' }).click();
  await expect(page.getByText('This conversation is closed')).toBeVisible();
  await visitorWaitsFor(visitor, session.uuid, (p) => p.info === 'session_closed');
  await rpc(visitor, '/im_livechat/feedback', { uuid: session.uuid, rate: 1, reason: 'Too slow' });
  await expect(page.getByText('Rating: 😞 sad')).toBeVisible();
  await expect(page.getByText('Reason: Too slow')).toBeVisible();

  // Going away hides the widget's button for new visitors.
  await page.getByRole('switch', { name: 'Available' }).click();
  await expect(page.getByRole('switch', { name: 'Away' })).toHaveAttribute('aria-checked', 'false');
  expect((await rpc<{ available_for_me: unknown }>(visitor, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(false);
  await page.getByRole('switch', { name: 'Away' }).click();
  await expect(page.getByRole('switch', { name: 'Available' })).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(pageErrors).toEqual([]);
  await visitor.dispose();
});

test('a new conversation raises an in-page notice when desktop notifications are not permitted', async ({ page, playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  await page.goto('/operator/');
  await logIn(page);
  await expect.poll(async () => (await rpc<{ available_for_me: unknown }>(visitor, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);
  await rpc(visitor, '/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Noticed visitor', previous_operator_id: null });
  const notices = page.getByRole('status', { name: 'Notifications' });
  await expect(notices.getByText('New conversation with Noticed visitor')).toBeVisible();
  await notices.locator('.op-notice').filter({ hasText: 'Noticed visitor' }).getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices.getByText('New conversation with Noticed visitor')).toHaveCount(0);
  await visitor.dispose();
});

test('the console has no axe violations on the log-in screen, the desk, statistics and administration, in the light and the dark theme', async ({ browser }) => {
  // axe is injected as an inline script, which the console's strict CSP would (rightly) block.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const violations = () => axeInBothThemes(page);
  await page.goto('/operator/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await violations()).toEqual([]);
  await logIn(page);
  await page.getByRole('button', { name: /Visitor/ }).first().click();
  await expect(page.getByRole('textbox', { name: /Message to/ }).or(page.getByText('This conversation is closed')).first()).toBeVisible();
  expect(await violations()).toEqual([]);
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('button', { name: 'Statistics' }).click();
  await expect(page.getByRole('table', { name: 'Ratings (last 7 days)' })).toBeVisible();
  expect(await violations()).toEqual([]);
  await sections.getByRole('button', { name: 'Administration' }).click();
  await expect(page.getByRole('form', { name: 'Add an operator' })).toBeVisible();
  expect(await violations()).toEqual([]);
  await context.close();
});

test('at 1200×800 with two visitors: a one-line header, at most three notices, none for the open conversation, composer uncovered', async ({ page, playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto('/operator/');
  await logIn(page);
  const header = page.getByRole('banner');
  const middle = async (name: string) => {
    const box = await header.getByRole('button', { name, exact: true }).boundingBox();
    return box ? box.y + box.height / 2 : NaN;
  };
  expect(Math.abs((await middle('Log out')) - (await middle('Desk')))).toBeLessThanOrEqual(4);
  await expect(header.getByText('Available')).toHaveCount(1);

  await expect.poll(async () => (await rpc<{ available_for_me: unknown }>(visitor, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);
  const first = await rpc<{ uuid: string }>(visitor, '/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Open one', previous_operator_id: null });
  const second = await rpc<{ uuid: string }>(visitor, '/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Other one', previous_operator_id: null });
  await rpc(visitor, '/mail/chat_post', { uuid: first.uuid, message_content: 'First hello' });
  await page.getByRole('button', { name: /Open one/ }).click();
  const composer = page.getByRole('textbox', { name: 'Message to Open one' });
  await expect(composer).toBeVisible();

  const notices = page.getByRole('status', { name: 'Notifications' });
  for (let i = 1; i <= 5; i += 1) {
    await rpc(visitor, '/mail/chat_post', { uuid: second.uuid, message_content: `Other says ${i}` });
    await expect(notices.getByText(`Other says ${i}`)).toBeVisible();
  }
  await rpc(visitor, '/mail/chat_post', { uuid: first.uuid, message_content: 'Seen in the pane' });
  await expect(page.getByRole('list', { name: 'Messages with Open one' }).getByText('Seen in the pane')).toBeVisible();
  await expect(notices.getByRole('group')).toHaveCount(3);
  await expect(notices.getByText('Other says 2')).toHaveCount(0);
  await expect(notices.getByText('Seen in the pane')).toHaveCount(0);

  const stack = await notices.boundingBox();
  const box = await composer.boundingBox();
  expect(stack && box).toBeTruthy();
  const overlaps = stack!.x < box!.x + box!.width && box!.x < stack!.x + stack!.width && stack!.y < box!.y + box!.height && box!.y < stack!.y + stack!.height;
  expect(overlaps, 'the notices leave the composer visible').toBe(false);
  await visitor.dispose();
});
