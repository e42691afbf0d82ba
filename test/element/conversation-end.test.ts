import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { clearWidgetCookies, mountWidget, scriptedServer, shadow, until } from './support.js';
import { CONVERSATION_STATE_ROUTE } from '../../src/protocol/conversation-state.js';
import { GET_SESSION_ROUTE } from '../../src/protocol/routes.js';

const BUTTON = 'Chat with one of our collaborators';
const COMPOSER = 'Ask something ...';
const ANSWER = { id: 2, body: '<p>Anything else?</p>', date: '2026-01-01 10:00:00', author_id: [3, 'Mitchell Admin'], message_type: 'comment', attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false };

/** The session cookie a page left behind before the reload. */
function sessionCookie(uuid: string): void {
  document.cookie = `im_livechat_session=${encodeURIComponent(JSON.stringify({ folded: false, id: 42, message_unread_counter: 0, operator_pid: [3, 'Mitchell Admin'], name: 'x', uuid }))};path=/`;
}

describe('<live-chat> after its conversation ended', () => {
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  const forgetKeptText = (): void => sessionStorage.removeItem('live-chat.kept_draft');
  beforeEach(clearWidgetCookies);
  beforeEach(forgetKeptText);
  afterEach(clearWidgetCookies);
  afterEach(forgetKeptText);

  it('reopens a conversation the operator closed as ended: the feedback panel, never a composer', async () => {
    const server = await scriptedServer({ history: [ANSWER], conversationState: 'closed' });
    sessionCookie('uuid-closed');
    const el = await mountWidget(server.url);
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'did not reopen');
    await until(() => within(dialog).queryByRole('button', { name: 'Happy' }), 'no feedback panel');
    expect(within(dialog).getByRole('status').textContent).to.equal('Conversation ended');
    expect(within(dialog).queryByRole('textbox', { name: COMPOSER })).to.equal(null);
    expect((await server.calls(CONVERSATION_STATE_ROUTE))[0]?.params).to.deep.equal({ uuid: 'uuid-closed' });
  });

  it('reopens a live conversation with its composer', async () => {
    const server = await scriptedServer({ history: [ANSWER] });
    sessionCookie('uuid-live');
    const el = await mountWidget(server.url);
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'did not reopen');
    const box = await until(() => within(dialog).queryByRole<HTMLTextAreaElement>('textbox', { name: COMPOSER }), 'no composer');
    await waitUntil(() => !box.disabled, 'the composer stayed disabled');
    expect(within(dialog).queryByRole('button', { name: 'Happy' })).to.equal(null);
  });

  it('keeps a message the server refused and offers it in the composer of a new conversation', async () => {
    const server = await scriptedServer({ postAnswer: false });
    const el = await mountWidget(server.url);
    (await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button')).click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'no window');
    const box = await until(() => within(dialog).queryByRole<HTMLTextAreaElement>('textbox', { name: COMPOSER }), 'no composer');
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box, 'Where is my order?');
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));

    const alert = await until(() => within(shadow(el)).queryByRole('alert'), 'no notice');
    expect(alert.textContent).to.contain('Session expired... Please refresh and try again.');
    expect(alert.textContent).to.contain('Your message “Where is my order?” was kept: open the chat to send it in a new conversation.');
    await waitUntil(() => !within(shadow(el)).queryByRole('dialog'), 'the chat stayed open');

    // The button that came back opens at its first press, however soon after the first opening (issue 26).
    (await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'the chat button did not come back')).click();
    const next = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'no new window');
    const kept = await until(() => within(next).queryByRole<HTMLTextAreaElement>('textbox', { name: COMPOSER }), 'no composer');
    expect(kept.value).to.equal('Where is my order?');
    expect(await server.calls(GET_SESSION_ROUTE)).to.have.length(2);

    // Reloaded (a new element: the page's memory is gone), the conversation comes back with the text still there.
    el.remove();
    const reloaded = await mountWidget(server.url);
    const dialog2 = await until(() => within(shadow(reloaded)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'did not reopen');
    const box2 = await until(() => within(dialog2).queryByRole<HTMLTextAreaElement>('textbox', { name: COMPOSER }), 'no composer');
    expect(box2.value).to.equal('Where is my order?');
  });
});
