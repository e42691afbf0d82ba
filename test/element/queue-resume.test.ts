import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { axeViolations } from '../ui/support/axe.js';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';
import { GET_SESSION_ROUTE } from '../../src/protocol/routes.js';

/** The session cookie of a visitor who was waiting when the page reloaded: no operator yet, the channel names it. */
function waitingCookie(): void {
  const session = { folded: false, id: 42, message_unread_counter: 0, operator_pid: [0, 'Support'], name: 'Visitor', uuid: 'uuid-waiting' };
  document.cookie = `im_livechat_session=${encodeURIComponent(JSON.stringify(session))};path=/`;
}

// Issue 26: a reload (or another page of the site) while the visitor waits brings back the same
// conversation and its place in line, without asking for a new one.
describe('<live-chat> reloaded while waiting in the queue', function () {
  this.timeout(30_000);
  before(async function warmUp() {
    this.timeout(120_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(() => {
    clearWidgetCookies();
    document.documentElement.lang = 'en';
  });

  for (const [lang, line] of [
    ['en', 'You are number 2 in line.'],
    ['fr', 'Vous êtes numéro 2 dans la file d’attente.'],
    ['ar', 'أنت رقم 2 في قائمة الانتظار.'],
  ] as const) {
    it(`shows the waiting conversation with its place again (${lang})`, async () => {
      document.documentElement.lang = lang;
      waitingCookie();
      const server = await scriptedServer({ available: true, queue: { position: 2, expected_wait_ms: null } });
      const el = await mountWidget(server.url);
      const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Support' }), 'no window', 20_000);
      const status = await until(() => within(dialog).queryAllByRole('status').find((s) => s.classList.contains('lc-queue')), 'no queue line');
      expect(status.textContent).to.equal(line);
      expect(await server.calls(GET_SESSION_ROUTE)).to.deep.equal([], 'no new conversation is asked for');
      expect(await axeViolations(el)).to.deep.equal([]);
    });
  }

  it('a verified visitor who opens the chat on another page gets the waiting conversation back with its place', async () => {
    const hash = 'c0ffee'.padEnd(64, '0');
    const server = await scriptedServer({ available: true, queue: { position: 3, expected_wait_ms: null }, resumed: true, identityHash: hash });
    const el = await mountWidget(server.url, `visitor-id="u-1" visitor-hash="${hash}"`);
    (await until(() => within(shadow(el)).queryByRole('button', { name: 'Chat with one of our collaborators' }), 'no button', 20_000)).click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Support' }), 'no window', 20_000);
    const status = await until(() => within(dialog).queryAllByRole('status').find((s) => s.classList.contains('lc-queue')), 'no queue line');
    expect(status.textContent).to.equal('You are number 3 in line.');
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
