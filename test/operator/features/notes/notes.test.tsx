/**
 * Internal notes in the console: the composer's Reply / Note switch, a note shown among the messages with
 * its label, the `@` autocompletion, and the mention notice. The server is a stand-in RpcClient.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { within } from '@testing-library/dom';
import { createStore } from 'jotai/vanilla';
import { act } from 'react';
import type { ChatMessage } from '../../../../src/protocol/livechat.js';
import type { ConversationSummary } from '../../../../src/protocol/operator-console.js';
import { MENTIONABLE_ROUTE, NOTES_ROUTE, POST_NOTE_ROUTE, type ConversationNote } from '../../../../src/protocol/console/notes.js';
import type { UserNotice } from '../../../../src/platform/notify/notifier.js';
import { deskEventAtom } from '../../../../src/operator/desk/desk-atoms.js';
import { DeskConversations } from '../../../../src/operator/desk/desk-conversations.js';
import { paneSlotsOf } from '../../../../src/operator/app/registry.js';
import { attachments } from '../../../../src/operator/features/attachments/index.js';
import { notes } from '../../../../src/operator/features/notes/index.js';
import { notesBusHandler } from '../../../../src/operator/features/notes/notes-bus.js';
import { notesAtom } from '../../../../src/operator/features/notes/notes-state.js';
import { mentionQuery, withMention } from '../../../../src/operator/features/notes/mention-assist.js';
import { outsideAct, reactMount, standInApi, waitUntil, consoleAxe } from '../../support.js';
import { decodeConsoleNotification } from '../../../../src/operator/core/console-bus.js';
import { CHAT_POST_ROUTE, NOTIFY_TYPING_ROUTE } from '../../../../src/protocol/routes.js';
import { CONVERSATIONS_ROUTE, CONVERSATION_ROUTE, MARK_SEEN_ROUTE } from '../../../../src/protocol/console/routes.js';

const message = (id: number, body: string, fromVisitor = true): ChatMessage => ({
  id,
  body: `<p>${body}</p>`,
  date: '2024-05-11 14:03:27',
  author_id: fromVisitor ? [0, 'Visitor'] : [7, 'Alice'],
  message_type: 'comment',
  attachment_ids: [],
  channel_ids: [1],
  is_discussion: true,
  is_notification: false,
});

const note = (id: number, after: number, text: string): ConversationNote => ({ id, session_id: 1, author: { id: 7, name: 'Alice' }, text, after_message_id: after, created_at: Date.UTC(2024, 4, 11, 14, 5), mentions: [] });

const summary: ConversationSummary = { id: 1, channel_id: 1, visitor_name: 'Grace', origin: 'chat', created_at: 0, closed_at: null, last_message: message(11, 'Thanks'), unread: 0, waiting_since: null };

function standInServer(stored: ConversationNote[]) {
  const answers: Record<string, (p: Record<string, unknown>) => unknown> = {
    [CONVERSATIONS_ROUTE]: () => [summary],
    [CONVERSATION_ROUTE]: () => ({ ...summary, messages: [message(10, 'Where is my parcel?'), message(11, 'Thanks')], page_history: [], rating: null, reply_email: null }),
    [MARK_SEEN_ROUTE]: () => true,
    [NOTIFY_TYPING_ROUTE]: () => null,
    [CHAT_POST_ROUTE]: () => 99,
    [NOTES_ROUTE]: () => stored,
    [MENTIONABLE_ROUTE]: () => [
      { id: 8, name: 'Bob' },
      { id: 9, name: 'Bob Builder' },
      { id: 10, name: 'Carol' },
    ],
    [POST_NOTE_ROUTE]: (p) => note(50, 11, String(p.text)),
  };
  return standInApi(answers);
}

describe('internal notes in the console', () => {
  const dom = reactMount();

  async function renderDesk(stored: ConversationNote[] = []) {
    const server = standInServer(stored);
    const store = createStore();
    const reloadOpen = (id: number) => void server.api.conversation(id).then((detail) => store.set(deskEventAtom, { type: 'opened', detail }));
    store.set(deskEventAtom, { type: 'listed', conversations: [summary] });
    await act(async () => dom.root.render(<DeskConversations api={server.api} store={store} reloadOpen={reloadOpen} reportError={() => {}} slots={paneSlotsOf([attachments, notes])} />));
    const view = within(dom.host);
    await act(async () => view.getByRole('button', { name: /^Grace/ }).click());
    await waitUntil(() => view.queryByRole('textbox', { name: 'Message to Grace' }), 'the conversation opens');
    return { ...server, store, view };
  }

  const chooseNote = async (view: ReturnType<typeof within>) => {
    await act(async () => view.getByRole('radio', { name: 'Note' }).click());
    return view.getByRole('textbox', { name: 'Internal note on the conversation with Grace' });
  };

  it('shows stored notes among the messages, in order, labelled "Note"', async () => {
    const { view } = await renderDesk([note(1, 0, 'Before anything'), note(2, 10, 'VIP customer')]);
    await waitUntil(() => view.queryByText('VIP customer'), 'the notes load');
    const items = within(view.getByRole('list', { name: 'Messages with Grace' })).getAllByRole('listitem');
    const shown = items.map((li) => [li.querySelector('.op-note-label')?.textContent ?? '', li.querySelector('.op-note-text, .op-message-body')?.textContent]);
    expect(shown).to.deep.equal([
      ['Note', 'Before anything'],
      ['', 'Where is my parcel?'],
      ['Note', 'VIP customer'],
      ['', 'Thanks'],
    ]);
    expect(items[2]!.className).to.contain('op-note');
  });

  it('switches between Reply and Note: the field changes name and look, actions to the visitor go, and Enter stores a note, not a message', async () => {
    const { view, calls } = await renderDesk();
    expect(view.getByRole('radiogroup', { name: 'Write as' })).to.exist;
    expect((view.getByRole('radio', { name: 'Reply' }) as HTMLInputElement).checked).to.equal(true);
    expect(view.queryByRole('button', { name: /Attach files/ })).to.exist;
    const field = await chooseNote(view);
    expect(field.closest('.op-composer')!.className).to.contain('op-composer-note');
    expect(view.queryByRole('button', { name: /Attach files/ }), 'files would reach the visitor').to.equal(null);
    field.focus();
    await outsideAct(() => sendKeys({ type: 'Refund approved' }));
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    await waitUntil(() => view.queryByText('Refund approved'), 'the note shows');
    expect(calls.filter(([r]) => r === POST_NOTE_ROUTE)).to.deep.equal([[POST_NOTE_ROUTE, { session_id: 1, text: 'Refund approved' }]]);
    expect(calls.filter(([r]) => r === CHAT_POST_ROUTE || r === NOTIFY_TYPING_ROUTE), 'the visitor hears of nothing').to.deep.equal([]);
    await act(async () => view.getByRole('radio', { name: 'Reply' }).click());
    expect(view.getByRole('textbox', { name: 'Message to Grace' })).to.exist;
  });

  it('autocompletes @ with the channel’s operators: arrows move, Enter takes, Escape closes', async () => {
    const { view } = await renderDesk();
    const field = await chooseNote(view) as HTMLTextAreaElement;
    field.focus();
    await outsideAct(() => sendKeys({ type: 'Ask @bo' }));
    await waitUntil(() => view.queryByRole('listbox', { name: 'Operators to mention' }), 'the list opens');
    const options = () => within(view.getByRole('listbox')).getAllByRole('option');
    expect(options().map((o) => o.textContent)).to.deep.equal(['Bob', 'Bob Builder']);
    expect(field.getAttribute('aria-activedescendant')).to.equal(options()[0]!.id);
    expect(await consoleAxe(dom.host), 'the open list, the switch and the note field').to.deep.equal([]);
    await outsideAct(() => sendKeys({ press: 'ArrowDown' }));
    await waitUntil(() => options()[1]!.getAttribute('aria-selected') === 'true', 'the second is active');
    expect(field.getAttribute('aria-activedescendant')).to.equal(options()[1]!.id);
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    await waitUntil(() => field.value === 'Ask @Bob Builder ', 'the name is inserted');
    expect(view.queryByRole('listbox')).to.equal(null);
    await outsideAct(() => sendKeys({ type: '@c' }));
    await waitUntil(() => view.queryByRole('listbox'), 'opens again');
    await outsideAct(() => sendKeys({ press: 'Escape' }));
    await waitUntil(() => view.queryByRole('listbox') === null, 'Escape closes');
    expect(field.value).to.equal('Ask @Bob Builder @c');
  });

  it('tells of a mention with a notice, and adds a colleague’s note to its conversation', () => {
    const store = createStore();
    const shown: UserNotice[] = [];
    const tools = { showNotice: (n: UserNotice) => shown.push(n), t: (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values)}` };
    const payload = { info: 'note_mention', note: note(5, 10, 'can you check @Bob?'), visitor_label: 'Visitor 4821' };
    notesBusHandler({ kind: 'info', info: 'note_mention', payload }, store, tools as never);
    expect(shown).to.deep.equal([{ title: 'operator.notes.mentioned {"author":"Alice","name":"Visitor 4821"}', body: 'can you check @Bob?', tag: 'note-5' }]);
    notesBusHandler({ kind: 'info', info: 'note_posted', payload: { info: 'note_posted', note: note(6, 10, 'seen') } }, store, tools as never);
    notesBusHandler({ kind: 'info', info: 'note_posted', payload: { info: 'note_posted', note: { id: 'x' } } }, store, tools as never);
    expect(store.get(notesAtom)[1]?.map((n) => n.id)).to.deep.equal([6]);
  });

  it('notes come to features from the operator’s own channel only', () => {
    const payload = { info: 'note_posted', note: note(6, 10, 'seen') };
    expect(decodeConsoleNotification({ id: 1, channel: 'livechat.operator.3', message: payload }, 3)).to.deep.equal({ kind: 'info', info: 'note_posted', payload });
    expect(decodeConsoleNotification({ id: 2, channel: 'livechat.operator.4', message: payload }, 3).kind).to.equal('ignored');
    // A conversation's own channel may carry notices of the conversation, never an operator's note.
    const fromConversation = decodeConsoleNotification({ id: 3, channel: 'livechat.session.1', message: payload }, 3);
    expect(fromConversation.kind).to.not.equal('info');
    const store = createStore();
    const before = store.get(notesAtom);
    notesBusHandler(fromConversation, store, { showNotice: () => undefined, t: (key: string) => key } as never);
    expect(store.get(notesAtom)).to.equal(before);
  });

  it('reads the @ being typed at the end of the draft only', () => {
    expect(mentionQuery('hi @Bo')).to.equal('Bo');
    expect(mentionQuery('@')).to.equal('');
    expect(mentionQuery('mail a@b')).to.equal(null);
    expect(mentionQuery('@Bob done\nnext')).to.equal(null);
    expect(withMention('hi @bo', 'Bob Builder')).to.equal('hi @Bob Builder ');
  });
});
