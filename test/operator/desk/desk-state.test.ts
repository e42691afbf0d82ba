import { expect } from '@open-wc/testing';
import type { ChatMessage } from '../../../src/protocol/livechat.js';
import type { ConversationDetail, ConversationSummary } from '../../../src/protocol/operator-console.js';
import { EMPTY_DESK, deskReducer, type DeskState } from '../../../src/operator/desk/desk-state.js';
import { decodeConsoleNotification } from '../../../src/operator/core/console-bus.js';

const summary = (over: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id: 7,
  channel_id: 1,
  visitor_name: 'Visitor',
  origin: 'chat',
  created_at: 0,
  closed_at: null,
  last_message: null,
  unread: 0,
  waiting_since: null,
  ...over,
});

const message = (id: number, author: [number, string], over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  body: `<p>m${id}</p>`,
  date: '2024-05-11 14:03:27',
  author_id: author,
  message_type: 'comment',
  attachment_ids: [],
  channel_ids: [7],
  is_discussion: true,
  is_notification: false,
  ...over,
});

const VISITOR: [number, string] = [0, 'Visitor'];
const OPERATOR: [number, string] = [3, 'Ann'];

describe('desk state', () => {
  const listed = (s: DeskState = EMPTY_DESK) => deskReducer(s, { type: 'listed', conversations: [summary({ id: 8 }), summary()] });

  it('counts visitor messages as unread with the waiting start, and an operator reply clears both', () => {
    let s = deskReducer(listed(), { type: 'message', message: message(10, VISITOR) });
    s = deskReducer(s, { type: 'message', message: message(11, VISITOR, { date: '2024-05-11 14:05:00' }) });
    const c = s.conversations[0] as ConversationSummary;
    expect(c.id, 'activity moves it to the top').to.equal(7);
    expect(c.unread).to.equal(2);
    expect(c.waiting_since).to.equal(Date.UTC(2024, 4, 11, 14, 3, 27));
    s = deskReducer(s, { type: 'message', message: message(12, OPERATOR) });
    expect(s.conversations[0]?.unread).to.equal(0);
    expect(s.conversations[0]?.waiting_since).to.equal(null);
  });

  it('opening a conversation brings its screen to the front; Back returns to the list and keeps the selection', () => {
    expect(EMPTY_DESK.screen, 'the list comes first').to.equal('list');
    let s = deskReducer(listed(), { type: 'selected', id: 7 });
    expect(s.screen).to.equal('conversation');
    s = deskReducer(s, { type: 'back' });
    expect(s.screen).to.equal('list');
    expect(s.selectedId, 'the list still shows which one was open').to.equal(7);
    s = deskReducer(s, { type: 'selected', id: 8 });
    expect(s.screen).to.equal('conversation');
    expect(deskReducer(s, { type: 'selected', id: null }).screen, 'nothing selected, nothing but the list').to.equal('list');
  });

  it('never counts a replayed or older message twice', () => {
    let s = deskReducer(listed(), { type: 'message', message: message(10, VISITOR) });
    s = deskReducer(s, { type: 'message', message: message(10, VISITOR) });
    s = deskReducer(s, { type: 'message', message: message(9, VISITOR) });
    expect(s.conversations[0]?.unread).to.equal(1);
  });

  it('appends to the open conversation once, and a visitor message ends its typing', () => {
    let s = deskReducer(listed(), { type: 'selected', id: 7 });
    const detail: ConversationDetail = { ...summary(), messages: [], page_history: null, rating: null, reply_email: null };
    s = deskReducer(s, { type: 'opened', detail });
    s = deskReducer(s, { type: 'typing', sessionId: 7, isTyping: true });
    expect(s.typing).to.deep.equal([7]);
    s = deskReducer(s, { type: 'message', message: message(10, VISITOR) });
    s = deskReducer(s, { type: 'message', message: message(10, VISITOR) });
    expect(s.open?.messages.map((m) => m.id)).to.deep.equal([10]);
    expect(s.typing).to.deep.equal([]);
  });

  it('keeps only the typing markers the typing model still shows', () => {
    let s = deskReducer(listed(), { type: 'typing', sessionId: 7, isTyping: true });
    s = deskReducer(s, { type: 'typing', sessionId: 8, isTyping: true });
    s = deskReducer(s, { type: 'typing-kept', sessionIds: [8, 9] });
    expect(s.typing).to.deep.equal([8]);
  });

  it('ignores an answer for a conversation no longer selected; shows pages and closing of the open one', () => {
    let s = deskReducer(listed(), { type: 'selected', id: 8 });
    s = deskReducer(s, { type: 'opened', detail: { ...summary(), messages: [], page_history: null, rating: null, reply_email: null } });
    expect(s.open).to.equal(null);
    s = deskReducer(s, { type: 'selected', id: 7 });
    s = deskReducer(s, { type: 'opened', detail: { ...summary(), messages: [], page_history: null, rating: null, reply_email: null } });
    s = deskReducer(s, { type: 'history', sessionId: 7, pages: ['/', '/shop'] });
    expect(s.open?.page_history).to.deep.equal(['/', '/shop']);
    s = deskReducer(s, { type: 'closed', sessionId: 7, at: 5 });
    expect(s.open?.closed_at).to.equal(5);
    expect(s.conversations.find((c) => c.id === 7)?.closed_at).to.equal(5);
  });

  it('a rating announced on the bus shows in the open conversation only; decoded from the operator channel alone', () => {
    const rated = { info: 'session_rated', session_id: 7, rate: 5, reason: '' };
    expect(decodeConsoleNotification({ id: 1, channel: 'livechat.operator.3', message: rated }, 3)).to.deep.equal({ kind: 'rated', sessionId: 7, rating: { rate: 5, reason: '' } });
    expect(decodeConsoleNotification({ id: 2, channel: 'livechat.session.7', message: rated }, 3).kind, 'the session copy is not counted twice').to.equal('ignored');
    expect(decodeConsoleNotification({ id: 3, channel: 'livechat.operator.3', message: { ...rated, rate: 10 } }, 3).kind).to.equal('ignored');

    let s = deskReducer(listed(), { type: 'selected', id: 7 });
    s = deskReducer(s, { type: 'opened', detail: { ...summary(), messages: [], page_history: null, rating: null, reply_email: null } });
    expect(deskReducer(s, { type: 'rated', sessionId: 8, rating: { rate: 1, reason: 'x' } }).open?.rating).to.equal(null);
    s = deskReducer(s, { type: 'rated', sessionId: 7, rating: { rate: 3, reason: 'ok' } });
    expect(s.open?.rating).to.deep.equal({ rate: 3, reason: 'ok' });
  });
});
