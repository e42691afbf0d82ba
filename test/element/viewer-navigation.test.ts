import { expect } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';

const pdf = (id: number, name: string, base: string) => ({ id, name, filename: name, mimetype: 'application/pdf', type: 'file', url: `${base}/web/content/${id}` });
const message = (id: number, date: string, attachments: unknown[]) => ({
  id,
  body: `<p>Files ${id}</p>`,
  date,
  author_id: [3, 'Mitchell Admin'],
  message_type: 'comment',
  attachment_ids: attachments,
  channel_ids: [42],
  is_discussion: true,
  is_notification: false,
});

describe('<live-chat> attachment viewer', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  it('steps through the files of the message that was clicked, never into another message', async function () {
    this.timeout(20_000);
    const server = await scriptedServer();
    // History comes newest first (PROTOCOL.md §3.4): message 2 holds two PDFs, the later message 3 one more.
    await server.setup({ history: [message(3, '2026-01-01 10:05:00', [pdf(30, 'later.pdf', server.url)]), message(2, '2026-01-01 10:00:00', [pdf(20, 'first.pdf', server.url), pdf(21, 'second.pdf', server.url)])] });
    document.cookie = `im_livechat_session=${encodeURIComponent(JSON.stringify({ folded: false, id: 42, message_unread_counter: 0, operator_pid: [3, 'Mitchell Admin'], name: 'x', uuid: 'uuid-viewer' }))};path=/`;
    const el = await mountWidget(server.url);
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'did not reopen');
    const first = await until(() => within(dialog).queryByRole('button', { name: 'first.pdf' }), 'no first.pdf in the thread');
    first.click();
    const viewer = async (name: string) => until(() => within(shadow(el)).queryByRole('dialog', { name }), `the viewer does not show ${name}`);
    const next = async (from: string) => within(await viewer(from)).getByRole('button', { name: 'Next' }).click();
    await next('first.pdf');
    await next('second.pdf');
    expect(await viewer('first.pdf'), 'Next after the last file of the message wraps to its first').to.exist;
    expect(within(shadow(el)).queryByRole('dialog', { name: 'later.pdf' })).to.equal(null);
    within(await viewer('first.pdf')).getByRole('button', { name: 'Close' }).click();
    await until(() => !within(shadow(el)).queryByRole('dialog', { name: 'first.pdf' }), 'the viewer did not close');

    within(dialog).getByRole('button', { name: 'later.pdf' }).click();
    const alone = await viewer('later.pdf');
    expect(within(alone).queryByRole('button', { name: 'Next' }), 'a message with one file has nothing to step to').to.equal(null);
  });
});
