import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { axeViolations } from '../ui/support/axe.js';
import { clearWidgetCookies, mountWidget, recordEvents, scriptedServer, shadow, until } from './support.js';
import { CHAT_HISTORY_ROUTE, CHAT_POST_ROUTE, GET_SESSION_ROUTE } from '../../src/protocol/routes.js';

const BUTTON = 'Chat with one of our collaborators';

async function reactButton(el: HTMLElement & { shadowRoot: ShadowRoot | null }) {
  const facade = await until(() => el.shadowRoot?.querySelector('.lc-button[data-facade]'), 'no facade button');
  facade.dispatchEvent(new PointerEvent('pointerenter'));
  await until(() => el.shadowRoot?.querySelector('.lc-button:not([data-facade])'), 'React never took over the button');
  return within(el.shadowRoot as unknown as HTMLElement).getByRole('button', { name: BUTTON });
}

async function openChat(el: HTMLElement & { shadowRoot: ShadowRoot | null }) {
  const button = await until(() => within(el.shadowRoot as unknown as HTMLElement).queryByRole('button', { name: BUTTON }), 'no button');
  button.click();
  return until(() => within(el.shadowRoot as unknown as HTMLElement).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the chat window never opened');
}

describe('<live-chat> element', () => {
  // The first import of the React part compiles React for the test server; do it once up front so each
  // test's timeouts measure the widget, not the compiler.
  before(async function warmUp() {
    this.timeout(60_000);
    await import('../../src/element/full/index.js');
  });
  beforeEach(clearWidgetCookies);
  afterEach(clearWidgetCookies);

  it('opens on click: a dialog named by the operator, a log and a composer named by its placeholder', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    const rec = recordEvents(document);
    const dialog = await openChat(el);
    const view = within(dialog);
    expect(view.getByRole('log')).to.exist;
    expect(view.getByRole('textbox', { name: 'Ask something ...' })).to.exist;
    expect(view.getByRole('button', { name: 'Close' })).to.exist;
    await until(() => view.queryByText('How may I help you?'), 'no welcome message');
    expect(el.isOpen).to.equal(true);
    await waitUntil(() => rec.of('livechat:open').length === 1);
    const open = rec.events.find((e) => e.type === 'livechat:open');
    expect(open).to.deep.include({ bubbles: true, composed: true, detail: { uuid: `uuid-${server.url.split('/').pop()}`, operator: [3, 'Mitchell Admin'] } });
  });

  it('sends with Enter, shows the message once and reports it as outgoing', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    const rec = recordEvents(el);
    const dialog = await openChat(el);
    const input = within(dialog).getByRole('textbox', { name: 'Ask something ...' }) as HTMLTextAreaElement;
    input.focus();
    const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
    setValue?.call(input, 'Hello from the test');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await until(() => within(dialog).queryByText('Hello from the test'), 'the message never showed');
    await waitUntil(() => rec.of('livechat:message').length === 1, 'no livechat:message');
    expect((rec.of('livechat:message')[0] as { direction: string }).direction).to.equal('out');
    expect((await server.calls(CHAT_POST_ROUTE)).map((c) => c.params.message_content)).to.deep.equal(['Hello from the test']);
    // The bus echo of the same id arrives later; the thread still shows one copy.
    await new Promise((r) => setTimeout(r, 400));
    expect(within(dialog).getAllByText('Hello from the test')).to.have.length(1);
  });

  it('shows an operator message from the bus and counts it as unread while folded', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    const dialog = await openChat(el);
    el.toggleFold();
    await server.push({ id: 7, body: '<p>Operator here</p>', date: '2026-01-01 10:00:00', author_id: [3, 'Mitchell Admin'], message_type: 'comment', attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false });
    await waitUntil(() => el.unreadCount === 1, 'the unread counter never moved', { timeout: 5000 });
    el.toggleFold();
    await until(() => within(dialog).queryByText('Operator here'), 'the operator message never showed');
  });

  it('asks for feedback on close when a conversation exists, thanks for a happy rating, then closes', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    const rec = recordEvents(el);
    const dialog = await openChat(el);
    await server.push({ id: 8, body: '<p>Hi</p>', date: '2026-01-01 10:00:00', author_id: [3, 'Mitchell Admin'], message_type: 'comment', attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false });
    await until(() => within(dialog).queryByText('Hi'), 'message never arrived');
    within(dialog).getByRole('button', { name: 'Close' }).click();
    const happy = await until(() => within(shadow(el)).queryByRole('button', { name: 'Happy' }), 'no feedback panel');
    expect(within(shadow(el)).queryByRole('textbox', { name: 'Ask something ...' })).to.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);
    happy.click();
    await until(() => within(shadow(el)).queryByText('Thank you for your feedback'), 'no thanks');
    expect(rec.of('livechat:closed')).to.deep.equal([]);
    // The thanks show for 2.5 s, then the window goes and the chat button comes back.
    await waitUntil(() => rec.of('livechat:closed').length === 1, 'no livechat:closed', { timeout: 5000 });
    await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'the chat button never came back');
    expect(within(shadow(el)).queryByRole('dialog')).to.equal(null);
    expect(el.isOpen).to.equal(false);
    expect(document.cookie).not.to.contain('im_livechat_session=');
    expect(rec.of('livechat:feedback')).to.deep.equal([{ rate: 5, reason: '' }]);
    expect((await server.calls(CHAT_POST_ROUTE)).map((c) => c.params.message_content)).to.deep.equal(['Rating: 😊']);
  });

  it('shows the sticky "no collaborator" notice when no operator is returned', async () => {
    const server = await scriptedServer({ noOperator: true });
    const el = await mountWidget(server.url);
    const button = await until(() => within(shadow(el)).queryByRole('button', { name: BUTTON }), 'no button');
    button.click();
    const alert = await until(() => within(shadow(el)).queryByRole('alert'), 'no notice');
    expect(alert.textContent).to.contain('No available collaborator, please try again later.');
    expect(within(shadow(el)).queryByRole('dialog')).to.equal(null);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('queues method calls made before the element is ready', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    el.open();
    await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the queued open() was dropped');
    expect(el.isOpen).to.equal(true);
  });

  it('keeps the conversation when the element is moved in the page (r2wc remount)', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    await openChat(el);
    const parent = el.parentElement as HTMLElement;
    el.remove();
    parent.append(el);
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'the window did not come back');
    expect(within(dialog).getByText('How may I help you?')).to.exist;
    expect((await server.calls(GET_SESSION_ROUTE)).length).to.equal(1);
  });

  it('reopens from the session cookie without a new session, loading 100 history messages', async () => {
    const server = await scriptedServer({ history: [{ id: 2, body: '<p>Earlier answer</p>', date: '2026-01-01 10:00:00', author_id: [3, 'Mitchell Admin'], message_type: 'comment', attachment_ids: [], channel_ids: [42], is_discussion: true, is_notification: false }] });
    document.cookie = `im_livechat_session=${encodeURIComponent(JSON.stringify({ folded: false, id: 42, message_unread_counter: 0, operator_pid: [3, 'Mitchell Admin'], name: 'x', uuid: 'uuid-cookie' }))};path=/`;
    const el = await mountWidget(server.url);
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Mitchell Admin' }), 'did not reopen');
    await until(() => within(dialog).queryByText('Earlier answer'), 'history not shown');
    // Init is still asked, in the background, for the channel's texts and colours (channel-options.test.ts).
    expect(await server.calls(GET_SESSION_ROUTE)).to.have.length(0);
    expect((await server.calls(CHAT_HISTORY_ROUTE))[0]?.params).to.deep.equal({ uuid: 'uuid-cookie', limit: 100 });
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('has no axe violations with the button shown', async () => {
    const server = await scriptedServer();
    const el = await mountWidget(server.url);
    await reactButton(el);
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});
