/**
 * Issue 26: when the conversation changes hands, the visitor reads who joined and who left as plain
 * lines of the thread, and the header names and pictures the operator now serving it, in every language.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { axeViolations } from '../ui/support/axe.js';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';
import { CHAT_HISTORY_ROUTE } from '../../src/protocol/routes.js';

/** Pushes reach the session the widget reopened once it asked for its history (the test server learns the uuid there). */
async function reopened(server: Awaited<ReturnType<typeof scriptedServer>>): Promise<void> {
  await waitUntil(async () => (await server.calls(CHAT_HISTORY_ROUTE)).length > 0, 'the widget never asked for its history', { timeout: 15_000 });
}

const sessionCookie = `im_livechat_session=${encodeURIComponent(JSON.stringify({ folded: false, id: 42, message_unread_counter: 0, operator_pid: [3, 'Mitchell Admin'], name: 'x', uuid: 'uuid-transfer' }))};path=/`;

/** The lines the server stores in the visitor's language (locales' widget.thread.operatorJoined/Left). */
const LINES = {
  en: ['Nora joined the conversation', 'Mitchell Admin left the conversation'],
  fr: ['Nora a rejoint la conversation', 'Mitchell Admin a quitté la conversation'],
  ar: ['انضم Nora إلى المحادثة', 'غادر Mitchell Admin المحادثة'],
} as const;

const line = (id: number, text: string) => ({
  id, body: text, date: '2026-01-01 10:00:00', author_id: [0, 'Visitor'], message_type: 'notification', attachment_ids: [], channel_ids: [42], is_discussion: false, is_notification: false,
});

describe('<live-chat> joined and left lines', function () {
  this.timeout(40_000);
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  for (const [lang, [joined, left]] of Object.entries(LINES)) {
    it(`${lang}: shows both lines in the thread and the new operator in the header`, async () => {
      const server = await scriptedServer();
      document.cookie = sessionCookie;
      const el = await mountWidget(server.url, `lang="${lang}"`);
      const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'did not reopen', 20_000);
      await reopened(server);
      await server.push(line(501, joined));
      await server.push(line(502, left));
      await server.push({ info: 'operator_changed', operator_pid: [8, 'Nora'] });
      const log = within(dialog).getByRole('log');
      await until(() => within(log).queryByText(joined), 'no joined line', 15_000);
      await until(() => within(log).queryByText(left), "no left line");
      const renamed = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Nora' }), 'the header kept the previous operator', 15_000);
      const header = renamed.querySelector('header')!;
      expect(within(header).getByRole('heading', { level: 2 }).textContent).to.equal('Nora');
      await until(() => (header.querySelector('img')?.getAttribute('src') === `${server.url}/web/partner_image/8` ? true : null), 'the picture did not follow');
      expect(document.cookie).to.contain('im_livechat_previous_operator_pid=8');
      expect(await axeViolations(el)).to.deep.equal([]);
    });
  }

  it('shows a hostile name as text, never as markup', async () => {
    const server = await scriptedServer();
    document.cookie = sessionCookie;
    const el = await mountWidget(server.url);
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'did not reopen', 20_000);
    await reopened(server);
    await server.push(line(601, '&lt;img src=x onerror=alert(1)&gt; joined the conversation'));
    const log = within(dialog).getByRole('log');
    await until(() => within(log).queryByText('<img src=x onerror=alert(1)> joined the conversation'), 'no line', 15_000);
    expect(log.querySelector('img[src="x"]')).to.equal(null);
  });
});
