import { expect, waitUntil } from '@open-wc/testing';
import { within } from '@testing-library/dom';
import { axeViolations } from '../ui/support/axe.js';
import { clearWidgetCookies, mountWidget, recordEvents, scriptedServer, shadow, until } from './support.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE } from '../../src/protocol/routes.js';
import { QUEUE_LEAVE_ROUTE } from '../../src/protocol/queue.js';

// Issue 26: a visitor waiting in line leaves it from the waiting view; the conversation ends as any chat does.
describe('<live-chat> leaving the queue', function () {
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

  async function waiting(button: string) {
    const server = await scriptedServer({ available: true, queue: { position: 2, expected_wait_ms: null } });
    const el = await mountWidget(server.url);
    const events = recordEvents(el);
    (await until(() => within(shadow(el)).queryByRole('button', { name: button }), 'no button', 20_000)).click();
    const dialog = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Support' }), 'no window', 20_000);
    return { server, el, dialog, events };
  }

  for (const [lang, button, leave] of [
    ['en', 'Chat with one of our collaborators', 'Leave the queue'],
    ['fr', "Discutez avec l'un de nos collaborateurs", 'Quitter la file d’attente'],
    ['ar', 'تحدث مع أحد موظفينا', 'مغادرة قائمة الانتظار'],
  ] as const) {
    it(`a real button leaves the queue and ends the waiting conversation (${lang})`, async () => {
      document.documentElement.lang = lang;
      const { server, el, dialog, events } = await waiting(button);
      const control = await until(() => within(dialog).queryByRole('button', { name: leave }), 'no leave button');
      expect(control.tagName).to.equal('BUTTON');
      expect(await axeViolations(el)).to.deep.equal([]);
      control.click();
      await waitUntil(async () => (await server.calls(QUEUE_LEAVE_ROUTE)).length === 1, 'the server was not told');
      expect(Object.keys((await server.calls(QUEUE_LEAVE_ROUTE))[0]?.params ?? {})).to.deep.equal(['uuid']);
      await until(() => within(shadow(el)).queryByRole('button', { name: button }), 'the chat button did not come back');
      expect(within(shadow(el)).queryByRole('dialog')).to.equal(null);
      expect(document.cookie).not.to.contain('im_livechat_session=');
      expect(events.of('livechat:closed')).to.have.length(1);
    });
  }

  async function write(server: Awaited<ReturnType<typeof scriptedServer>>, dialog: HTMLElement, placeholder: string) {
    const box = await until(() => within(dialog).queryByRole<HTMLTextAreaElement>('textbox', { name: placeholder }), 'no composer');
    await waitUntil(() => !box.disabled, 'a waiting visitor may write');
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(box, 'Hello?');
    box.dispatchEvent(new Event('input', { bubbles: true }));
    box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await waitUntil(async () => (await server.calls(CHAT_POST_ROUTE)).length === 1, 'the message was not sent');
    await until(() => within(dialog).queryByText('Hello?'), 'the message did not show');
  }

  for (const [lang, button, leave, placeholder, question] of [
    ['en', 'Chat with one of our collaborators', 'Leave the queue', 'Ask something ...', 'Did we correctly answer your question ?'],
    ['fr', "Discutez avec l'un de nos collaborateurs", 'Quitter la file d’attente', 'Posez votre question ...', 'Avons-nous bien répondu à votre question ?'],
    ['ar', 'تحدث مع أحد موظفينا', 'مغادرة قائمة الانتظار', 'اطرح سؤالك ...', 'هل أجبنا عن سؤالك بشكل صحيح؟'],
  ] as const) {
    it(`after writing while waiting, leaving asks for no rating: nobody answered, the button comes back (${lang})`, async () => {
      document.documentElement.lang = lang;
      const { server, el, dialog, events } = await waiting(button);
      await write(server, dialog, placeholder);
      within(dialog).getByRole('button', { name: leave }).click();
      await waitUntil(async () => (await server.calls(QUEUE_LEAVE_ROUTE)).length === 1, 'the server was not told');
      await until(() => within(shadow(el)).queryByRole('button', { name: button }), 'the chat button did not come back');
      expect(within(shadow(el)).queryByText(question)).to.equal(null);
      expect(within(shadow(el)).queryByRole('dialog')).to.equal(null);
      expect(document.cookie).not.to.contain('im_livechat_session=');
      expect(events.of('livechat:closed')).to.have.length(1);
      expect(await axeViolations(el)).to.deep.equal([]);
      expect(within(shadow(el)).getByRole('button', { name: button }).tagName, 'a way to start again').to.equal('BUTTON');
    });
  }

  it('once an operator picked the conversation up, closing it offers the feedback as SPEC.md §4 says', async () => {
    const { server, el, dialog } = await waiting('Chat with one of our collaborators');
    await write(server, dialog, 'Ask something ...');
    await server.push({ info: 'queue_left', operator_pid: [3, 'Ann'] });
    const served = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Ann' }), 'the operator did not take it');
    within(served).getByRole('button', { name: 'Close' }).click();
    await until(() => within(served).queryByText('Did we correctly answer your question ?'), 'no feedback panel');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('the button that comes back while the leave is still answering starts a new chat at once, which the late answer leaves open', async () => {
    const { server, el, dialog, events } = await waiting('Chat with one of our collaborators');
    await server.setup({ hold: [QUEUE_LEAVE_ROUTE] });
    within(dialog).getByRole('button', { name: 'Leave the queue' }).click();
    await waitUntil(async () => (await server.calls(QUEUE_LEAVE_ROUTE)).length === 1, 'the server was not told');
    // The server ended the waiting conversation: its bus says so before the leave's own answer leaves.
    await server.push({ info: 'session_closed' });
    const button = await until(() => within(shadow(el)).queryByRole('button', { name: 'Chat with one of our collaborators' }), 'the chat button did not come back');
    button.click();
    await waitUntil(async () => (await server.calls(GET_SESSION_ROUTE)).length === 2, 'the click started no new chat');
    const again = await until(() => within(shadow(el)).queryByRole('dialog', { name: 'Support' }), 'the new chat did not open');
    await until(() => within(again).queryByText('You are number 2 in line.'), 'the new chat does not wait in line');
    expect(await axeViolations(el)).to.deep.equal([]);
    await fetch(`${server.url}/__release`, { method: 'POST' });
    // Nothing on screen marks the late answer's arrival: it is given the time a local answer takes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(within(shadow(el)).queryByRole('dialog', { name: 'Support' }), 'the late answer closed the new chat').to.not.equal(null);
    expect(events.of('livechat:closed')).to.have.length(1);
    expect(events.of('livechat:error')).to.deep.equal([]);
  });
});
