import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { axeViolations } from '../ui/support/axe.js';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';
import { CHAT_POST_ROUTE } from '../../src/protocol/routes.js';

const OPERATOR = 'Mitchell Admin';

/** The queue's line in the window: the polite status region that names the visitor's place. */
function queueLine(dialog: HTMLElement): HTMLElement | undefined {
  return within(dialog)
    .queryAllByRole('status')
    .find((s) => s.classList.contains('lc-queue'));
}

// Issue 26: every operator at capacity, the visitor waits in line, sees the place move and the operator arrive.
describe('<live-chat> waiting in the queue', function () {
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

  async function queued(buttonName: string, queue = { position: 2, expected_wait_ms: null as number | null }) {
    const server = await scriptedServer({ available: true, queue });
    const el = await mountWidget(server.url);
    (await until(() => within(shadow(el)).queryByRole('button', { name: buttonName }), 'no button', 20_000)).click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Support' }), 'no window', 20_000);
    return { server, el, dialog };
  }

  it('shows the place, follows it live, writes while waiting, and names the operator who picks it up', async () => {
    const { server, el, dialog } = await queued('Chat with one of our collaborators');
    const line = await until(() => queueLine(dialog), 'no queue line');
    expect(line.textContent).to.equal('You are number 2 in line.');
    expect(await axeViolations(el)).to.deep.equal([]);

    const box = await until(() => within(dialog).queryByRole<HTMLTextAreaElement>('textbox', { name: 'Ask something ...' }), 'no composer');
    await waitUntil(() => !box.disabled, 'a waiting visitor may write');
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box, 'Hello?');
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitUntil(async () => (await server.calls(CHAT_POST_ROUTE)).length === 1, 'the message was not sent');

    await server.push({ info: 'queue_position', position: 1, expected_wait_ms: 125_000 });
    await waitUntil(() => queueLine(dialog)?.textContent === 'You are number 1 in line. Expected wait: about 2 minutes.', 'the place did not move');
    await server.push({ info: 'queue_left', operator_pid: [3, OPERATOR] });
    await until(() => within(shadow(el)).queryByRole('dialog', { name: OPERATOR }), 'the header did not name the operator');
    expect(queueLine(dialog)).to.equal(undefined);
    expect(document.cookie).to.contain('im_livechat_previous_operator_pid=3');
  });

  for (const [lang, button, place, wait] of [
    ['fr', "Discutez avec l'un de nos collaborateurs", 'Vous êtes numéro 3 dans la file d’attente.', 'Attente estimée : environ 1 minute.'],
    ['ar', 'تحدث مع أحد موظفينا', 'أنت رقم 3 في قائمة الانتظار.', 'الانتظار المتوقع: دقيقتان تقريبًا.'],
  ] as const) {
    it(`reads in the page's language (${lang}) with no accessibility violation`, async () => {
      document.documentElement.lang = lang;
      const { el, dialog } = await queued(button, { position: 3, expected_wait_ms: lang === 'fr' ? 50_000 : 130_000 });
      const line = await until(() => queueLine(dialog), 'no queue line');
      expect(line.textContent).to.equal(`${place} ${wait}`);
      expect(await axeViolations(el)).to.deep.equal([]);
    });
  }
});
