/**
 * Issue 26: a supervisor opening a conversation someone else holds writes notes only. The composer offers
 * Note without Reply, says why, and puts Take beside it; once taken, Reply is back. The server is a
 * stand-in answered from memory.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { within } from '@testing-library/dom';
import { createStore } from 'jotai/vanilla';
import { act } from 'react';
import type { ConversationSummary } from '../../../../src/protocol/operator-console.js';
import { MENTIONABLE_ROUTE, NOTES_ROUTE, POST_NOTE_ROUTE } from '../../../../src/protocol/console/notes.js';
import { TAKE_CONVERSATION_ROUTE } from '../../../../src/protocol/console/supervision.js';
import { deskEventAtom } from '../../../../src/operator/desk/desk-atoms.js';
import { DeskConversations } from '../../../../src/operator/desk/desk-conversations.js';
import { paneSlotsOf } from '../../../../src/operator/app/registry.js';
import { attachments } from '../../../../src/operator/features/attachments/index.js';
import { notes } from '../../../../src/operator/features/notes/index.js';
import { supervision } from '../../../../src/operator/features/supervision/index.js';
import { loadConsoleStyles, outsideAct, reactMount, standInApi, visitorMessage, waitUntil, type ConsoleStyles, consoleAxe } from '../../support.js';
import { CHAT_POST_ROUTE, NOTIFY_TYPING_ROUTE } from '../../../../src/protocol/routes.js';
import { CONVERSATIONS_ROUTE, CONVERSATION_ROUTE, MARK_SEEN_ROUTE } from '../../../../src/protocol/console/routes.js';

const message = visitorMessage(10, 'Where is my parcel?');

const summary: ConversationSummary = { id: 1, channel_id: 1, visitor_name: 'Grace', origin: 'chat', created_at: 0, closed_at: null, last_message: message, unread: 0, waiting_since: null };

/** A server on which the caller supervises conversation 1 until they take it (or holds it from the start). */
function standInServer(holds: boolean) {
  let taken = holds;
  const answers: Record<string, (p: Record<string, unknown>) => unknown> = {
    [CONVERSATIONS_ROUTE]: () => [summary],
    [CONVERSATION_ROUTE]: () => ({ ...summary, messages: [message], page_history: [], rating: null, reply_email: null, ...(taken ? {} : { may_reply: false }) }),
    [MARK_SEEN_ROUTE]: () => true,
    [NOTIFY_TYPING_ROUTE]: () => null,
    [CHAT_POST_ROUTE]: () => 99,
    [NOTES_ROUTE]: () => [],
    [MENTIONABLE_ROUTE]: () => [],
    [POST_NOTE_ROUTE]: (p) => ({ id: 50, session_id: 1, author: { id: 7, name: 'Sue' }, text: String(p.text), after_message_id: 10, created_at: 0, mentions: [] }),
    [TAKE_CONVERSATION_ROUTE]: () => {
      taken = true;
      return { session_id: 1, operator_id: 7 };
    },
  };
  return standInApi(answers);
}

const EXPLANATION = /looking on as a supervisor/;

describe('a supervisor’s composer in a conversation they do not hold', () => {
  const dom = reactMount();
  let styles: ConsoleStyles;
  // The real stylesheet: the explanation and Take sit in the composer with their true sizes.
  before(async () => {
    styles = await loadConsoleStyles();
  });
  after(() => styles.remove());

  async function renderDesk(holds: boolean) {
    const server = standInServer(holds);
    const store = createStore();
    const reloadOpen = (id: number) => void server.api.conversation(id).then((detail) => store.set(deskEventAtom, { type: 'opened', detail }));
    store.set(deskEventAtom, { type: 'listed', conversations: [summary] });
    await act(async () => dom.root.render(<DeskConversations api={server.api} store={store} reloadOpen={reloadOpen} reportError={() => {}} slots={paneSlotsOf([attachments, notes, supervision])} />));
    const view = within(dom.host);
    await act(async () => view.getByRole('button', { name: /^Grace/ }).click());
    await waitUntil(() => view.queryByRole('textbox'), 'the conversation opens');
    return { ...server, view };
  }

  it('offers Note only, says why, puts Take at hand, and sends nothing to the visitor', async () => {
    const { view, calls } = await renderDesk(false);
    expect(view.queryByRole('radio', { name: 'Reply' })).to.equal(null);
    expect((view.getByRole('radio', { name: 'Note' }) as HTMLInputElement).checked).to.equal(true);
    expect(view.getByText(EXPLANATION)).to.exist;
    expect(view.getByRole('button', { name: 'Take the conversation with Grace' })).to.exist;
    expect(view.queryByRole('button', { name: /Attach files/ }), 'files would reach the visitor').to.equal(null);
    expect(await consoleAxe(dom.host)).to.deep.equal([]);
    const field = view.getByRole('textbox', { name: 'Internal note on the conversation with Grace' });
    field.focus();
    await outsideAct(() => sendKeys({ type: 'Checking this one' }));
    await outsideAct(() => sendKeys({ press: 'Enter' }));
    await waitUntil(() => calls.some(([r]) => r === POST_NOTE_ROUTE), 'the note is sent');
    expect(calls.filter(([r]) => r === CHAT_POST_ROUTE || r === NOTIFY_TYPING_ROUTE), 'the visitor hears of nothing').to.deep.equal([]);
  });

  it('Take makes the conversation theirs: Reply comes back and the explanation goes', async () => {
    const { view, calls } = await renderDesk(false);
    await act(async () => view.getByRole('button', { name: 'Take the conversation with Grace' }).click());
    await waitUntil(() => view.queryByRole('textbox', { name: 'Message to Grace' }), 'Reply is back');
    expect(calls.filter(([r]) => r === TAKE_CONVERSATION_ROUTE)).to.deep.equal([[TAKE_CONVERSATION_ROUTE, { session_id: 1 }]]);
    expect((view.getByRole('radio', { name: 'Reply' }) as HTMLInputElement).checked).to.equal(true);
    expect(view.queryByText(EXPLANATION)).to.equal(null);
    expect(view.queryByRole('button', { name: 'Take the conversation with Grace' })).to.equal(null);
  });

  it('shows nothing of it in a conversation the operator holds', async () => {
    const { view } = await renderDesk(true);
    expect((view.getByRole('radio', { name: 'Reply' }) as HTMLInputElement).checked).to.equal(true);
    expect(view.queryByText(EXPLANATION)).to.equal(null);
    expect(view.queryByRole('button', { name: 'Take the conversation with Grace' })).to.equal(null);
  });
});
