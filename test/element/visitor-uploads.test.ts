/**
 * Issue 15 in the whole widget: the visitor attaches, drops or pastes files (progress, preview, Retry,
 * refusals) and sees "Seen" once an operator has read the conversation. Against the scripted server of
 * test/support/routes/60-livechat-widget.mjs; test/e2e/visitor-uploads.spec.ts runs the real server.
 */
import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { sendKeys } from '@web/test-runner-commands';
import type { LiveChatElement } from '../../src/element/live-chat-element.js';
import { axeViolations } from '../ui/support/axe.js';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';
import { CHAT_POST_ROUTE } from '../../src/protocol/routes.js';
import { VISITOR_UPLOAD_ROUTE } from '../../src/protocol/visitor-upload.js';

/** A 1×1 PNG. */
const PIXEL = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const POLICY = { max_bytes: 1024 * 1024, types: ['image/png', 'application/pdf'] };
const pixel = (name = 'pixel.png') => new File([PIXEL], name, { type: 'image/png' });

type Server = Awaited<ReturnType<typeof scriptedServer>>;

async function openChat(el: LiveChatElement): Promise<HTMLElement> {
  (await until(() => within(shadow(el)).queryByRole('button', { name: /Chat with one of our collaborators|Discutez|تحدث/ }), 'no chat button')).click();
  return until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window never opened');
}

async function chatWith(config: Record<string, unknown> = {}, attrs = ''): Promise<{ server: Server; el: LiveChatElement; dialog: HTMLElement }> {
  const server = await scriptedServer({ options: { visitor_upload: POLICY }, ...config });
  const el = await mountWidget(server.url, attrs);
  return { server, el, dialog: await openChat(el) };
}

/**
 * What the browser's file chooser does once the visitor picked files (a test cannot drive the system
 * dialog; test/e2e/visitor-uploads.spec.ts does, through Playwright's file chooser).
 */
function pick(el: LiveChatElement, files: File[]): void {
  const input = shadow(el).querySelector('input[type="file"]') as HTMLInputElement;
  const transfer = new DataTransfer();
  for (const f of files) transfer.items.add(f);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Types `text` into the composer and presses Enter, as the visitor does. */
async function say(dialog: HTMLElement, text: string): Promise<void> {
  within(dialog).getByRole('textbox').focus();
  await sendKeys({ type: text });
  await sendKeys({ press: 'Enter' });
}

const transferOf = (files: File[]): DataTransfer => {
  const t = new DataTransfer();
  for (const f of files) t.items.add(f);
  return t;
};

describe('<live-chat> issue 15', function () {
  // Each test opens a chat, sends files and waits for the bus: slow on a loaded machine.
  this.timeout(30_000);
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  describe('visitor uploads', () => {
    it('offers "Attach a file" beside Send when the channel accepts files, with its types in the chooser', async () => {
      const { el, dialog } = await chatWith();
      const attach = await until(() => within(dialog).queryByRole('button', { name: 'Attach a file' }), 'no Attach button');
      expect(attach.nextElementSibling?.getAttribute('aria-label')).to.equal('Send');
      expect((shadow(el).querySelector('input[type="file"]') as HTMLInputElement).accept).to.equal('image/png,application/pdf');
    });

    it('offers no Attach button when the channel turned uploads off', async () => {
      const { dialog } = await chatWith({ options: { visitor_upload: false } });
      await until(() => within(dialog).queryByRole('button', { name: 'Send' }), 'no composer');
      expect(within(dialog).queryByRole('button', { name: 'Attach a file' })).to.equal(null);
    });

    it('shows a named progress bar while the file is sent, then the picture in the thread', async () => {
      const { server, el, dialog } = await chatWith({ uploadDelayMs: 800 });
      pick(el, [pixel('holiday.png')]);
      const bar = await until(() => within(dialog).queryByRole('progressbar', { name: 'Sending holiday.png' }), 'no progress bar');
      expect(bar).to.exist;
      expect(await axeViolations(el)).to.deep.equal([]);
      const image = await until(() => within(dialog).queryByRole('img', { name: 'holiday.png' }), 'the picture never showed');
      expect((image as HTMLImageElement).src).to.match(/__files\/0$/);
      expect(within(dialog).queryByRole('progressbar')).to.equal(null);
      const [call] = await server.calls(VISITOR_UPLOAD_ROUTE);
      expect(call?.params.order, 'the session and the key come before the file').to.deep.equal(['uuid', 'post_key', 'file']);
      expect(call?.params).to.include({ name: 'holiday.png', size: PIXEL.length });
      expect(within(dialog).getAllByRole('img', { name: 'holiday.png' }), 'one copy, not the pending one and the announced one').to.have.length(1);
    });

    it('a failed upload offers Retry, which sends the same file under the same key', async () => {
      const { server, el, dialog } = await chatWith({ uploadFailures: 1 });
      pick(el, [pixel('receipt.png')]);
      const retry = await until(() => within(dialog).queryByRole('button', { name: 'Retry' }), 'no Retry');
      expect(within(dialog).getByText('Not sent')).to.exist;
      expect(within(dialog).getByText('receipt.png'), 'the file stays in the thread').to.exist;
      expect(await axeViolations(el)).to.deep.equal([]);
      retry.click();
      await until(() => within(dialog).queryByRole('img', { name: 'receipt.png' }), 'the retried picture never showed');
      const calls = await server.calls(VISITOR_UPLOAD_ROUTE);
      expect(calls).to.have.length(2);
      expect(calls[1]?.params.post_key).to.equal(calls[0]?.params.post_key);
      expect(calls[1]?.params.size).to.equal(PIXEL.length);
    });

    it('a file over the channel’s size is refused at once, and a type the server refuses says so, without Retry', async () => {
      const { server, el, dialog } = await chatWith({ options: { visitor_upload: { max_bytes: 1024, types: ['image/png'] } }, uploadRefusal: 'type_not_allowed' });
      pick(el, [new File([new Uint8Array(2048)], 'big.png', { type: 'image/png' })]);
      await until(() => within(dialog).queryByText('Not sent: larger than 1.00 Kb'), 'no size refusal');
      expect(await server.calls(VISITOR_UPLOAD_ROUTE), 'never sent').to.have.length(0);
      pick(el, [pixel('fake.png')]);
      await until(() => within(dialog).queryByText('Not sent: file type not accepted'), 'no type refusal');
      expect(within(dialog).queryByRole('button', { name: 'Retry' })).to.equal(null);
    });

    it('takes files dropped on the window and files pasted into the composer', async () => {
      const { server, dialog } = await chatWith();
      dialog.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: transferOf([pixel('dropped.png')]) }));
      const drop = new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transferOf([pixel('dropped.png')]) });
      dialog.dispatchEvent(drop);
      expect(drop.defaultPrevented, 'the page does not open the dropped file itself').to.equal(true);
      await until(() => within(dialog).queryByRole('img', { name: 'dropped.png' }), 'the dropped file never showed');
      const box = within(dialog).getByRole('textbox', { name: 'Ask something ...' });
      box.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, cancelable: true, clipboardData: transferOf([pixel('pasted.png')]) }));
      await until(() => within(dialog).queryByRole('img', { name: 'pasted.png' }), 'the pasted file never showed');
      expect((await server.calls(VISITOR_UPLOAD_ROUTE)).map((c) => c.params.name)).to.deep.equal(['dropped.png', 'pasted.png']);
    });
  });

  describe('"Seen" receipts', () => {

    async function postAndRead(attrs = '') {
      const { server, el, dialog } = await chatWith({}, attrs);
      await say(dialog, 'Is my order shipped?');
      await until(() => server.calls(CHAT_POST_ROUTE).then((c) => c.length === 1 || null), 'never posted');
      return { server, el, dialog };
    }

    it('shows "Seen" under the visitor’s last message, inside the polite conversation log, once an operator read it', async () => {
      const { server, el, dialog } = await postAndRead();
      const log = within(dialog).getByRole('log', { name: 'Conversation' });
      expect(within(log).queryByText('Seen')).to.equal(null);
      await server.push({ info: 'channel_seen', last_message_id: 100 });
      const seen = await until(() => within(log).queryByText('Seen'), 'no Seen');
      expect(seen.closest('.lc-message')?.textContent).to.contain('Is my order shipped?');
      expect(log.getAttribute('aria-live') ?? 'polite', 'a log announces additions politely').to.equal('polite');
      expect(await axeViolations(el)).to.deep.equal([]);
    });

    it('a newer message of the visitor waits for its own receipt', async () => {
      const { server, dialog } = await postAndRead();
      await server.push({ info: 'channel_seen', last_message_id: 100 });
      await until(() => within(dialog).queryByText('Seen'), 'no Seen');
      await say(dialog, 'Hello?');
      await until(() => (within(dialog).queryByText('Seen') ? null : true), 'Seen stayed under the older message');
    });

    it('keeps "Seen" after a reload: the history marks what was read', async () => {
      const read = { id: 7, body: '<p>Where is my parcel?</p>', date: '2026-01-01 10:00:00', author_id: [0, 'Visitor'], message_type: 'comment', attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false, seen: true };
      const server = await scriptedServer({ history: [read] });
      document.cookie = `im_livechat_session=${encodeURIComponent(JSON.stringify({ folded: false, id: 42, message_unread_counter: 0, operator_pid: [3, 'Mitchell Admin'], name: 'x', uuid: 'uuid-seen' }))};path=/`;
      const el = await mountWidget(server.url);
      const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'did not reopen');
      expect(await until(() => within(dialog).queryByText('Seen'), 'no Seen after the reload')).to.exist;
    });
  });

  describe('uploads and receipts in French, Arabic and the dark theme (axe)', () => {

    const cases: [string, string, { attach: string; sending: string; seen: string }][] = [
      ['fr', 'lang="fr"', { attach: 'Joindre un fichier', sending: 'Envoi de a.png', seen: 'Vu' }],
      ['ar', 'lang="ar"', { attach: 'إرفاق ملف', sending: 'جارٍ إرسال a.png', seen: 'تمت المشاهدة' }],
      ['dark', 'theme="dark"', { attach: 'Attach a file', sending: 'Sending a.png', seen: 'Seen' }],
    ];
    for (const [name, attrs, texts] of cases) {
      it(`${name}: Attach, progress, failure and "Seen" have no axe violations`, async () => {
        const { server, el, dialog } = await chatWith({ uploadDelayMs: 600, uploadFailures: 1 }, attrs);
        await until(() => within(dialog).queryByRole('button', { name: texts.attach }), 'no Attach button');
        pick(el, [pixel('a.png')]);
        await until(() => within(dialog).queryByRole('progressbar', { name: texts.sending }), 'no progress bar');
        expect(await axeViolations(el)).to.deep.equal([]);
        await until(() => within(dialog).queryByRole('button', { name: /Retry|Réessayer|إعادة/ }), 'no Retry');
        await say(dialog, 'ok');
        await until(() => server.calls(CHAT_POST_ROUTE).then((c) => c.length === 1 || null), 'never posted');
        await server.push({ info: 'channel_seen', last_message_id: 1000 });
        await until(() => within(dialog).queryByText(texts.seen), 'no Seen');
        expect(await axeViolations(el)).to.deep.equal([]);
      });
    }
  });
});
