import type { ChatMessage } from '../../protocol/livechat.js';
import type { ConversationDetail, ConversationRating, ConversationSummary } from '../../protocol/operator-console.js';
import { parseDatetime } from '../../platform/time/index.js';
import type { ConversationStatus } from '../../protocol/conversation-status.js';

/**
 * Which of the desk's two screens is in front where only one fits (a phone): the conversation list, or
 * the open conversation. Wider screens show both and ignore it.
 */
export type DeskScreen = 'list' | 'conversation';

/** Everything the desk shows, changed only through {@link deskReducer}. */
export interface DeskState {
  /** Most recent activity first. */
  conversations: ConversationSummary[];
  selectedId: number | null;
  /** The selected conversation once loaded. */
  open: ConversationDetail | null;
  /** Session ids whose visitor is typing now. */
  typing: number[];
  screen: DeskScreen;
}

/** What can happen to the desk: answers of the server and bus notifications, already decoded. */
export type DeskEvent =
  | { type: 'listed'; conversations: ConversationSummary[] }
  | { type: 'selected'; id: number | null }
  /** The operator goes back from the conversation to the list (the selection stays). */
  | { type: 'back' }
  | { type: 'opened'; detail: ConversationDetail }
  | { type: 'message'; message: ChatMessage }
  | { type: 'typing'; sessionId: number; isTyping: boolean }
  /** The typing model's list: markers it let fade go. */
  | { type: 'typing-kept'; sessionIds: number[] }
  | { type: 'closed'; sessionId: number; at: number }
  /** The operator has the conversation in view: nothing in it is unread any more. */
  | { type: 'seen'; sessionId: number }
  | { type: 'history'; sessionId: number; pages: string[] }
  | { type: 'rated'; sessionId: number; rating: ConversationRating }
  /** A conversation's status changed (an operator set it, the visitor wrote, a snooze ran out). */
  | { type: 'status'; sessionId: number; status: ConversationStatus; snoozedUntil: number | null };

/** The desk before anything loaded. */
export const EMPTY_DESK: DeskState = { conversations: [], selectedId: null, open: null, typing: [], screen: 'list' };

/** Epoch ms of a wire date (UTC `YYYY-MM-DD HH:MM:SS`); a malformed one counts as "now". */
export function messageTime(message: Pick<ChatMessage, 'date'>, now = Date.now()): number {
  try {
    const date = parseDatetime(message.date);
    return date instanceof Date ? date.getTime() : now;
  } catch {
    return now;
  }
}

/** A message of the visitor (an authorless one, PROTOCOL.md §5.3: `author_id[0] === 0`). */
export function isFromVisitor(message: ChatMessage): boolean {
  return !message.author_id || message.author_id[0] === 0;
}

function sessionOf(message: ChatMessage): number | undefined {
  return message.channel_ids[0];
}

function lastId(summary: ConversationSummary): number {
  const id = summary.last_message?.id;
  return typeof id === 'number' ? id : 0;
}

/** The summary after a message: newer ones only (ids grow), so a replayed message is never counted twice. */
function withMessage(summary: ConversationSummary, message: ChatMessage): ConversationSummary {
  if (typeof message.id !== 'number' || message.id <= lastId(summary)) return summary;
  if (!isFromVisitor(message)) return { ...summary, last_message: message, unread: 0, waiting_since: null };
  if (message.message_type !== 'comment') return { ...summary, last_message: message };
  return { ...summary, last_message: message, unread: summary.unread + 1, waiting_since: summary.waiting_since ?? messageTime(message) };
}

function replace(list: ConversationSummary[], next: ConversationSummary): ConversationSummary[] {
  return list.map((c) => (c.id === next.id ? next : c));
}

/** The desk's state machine: pure, so every rule is tested without a server. */
export function deskReducer(state: DeskState, event: DeskEvent): DeskState {
  switch (event.type) {
    case 'listed':
      return { ...state, conversations: event.conversations };
    case 'selected':
      return { ...state, selectedId: event.id, open: state.open?.id === event.id ? state.open : null, screen: event.id === null ? 'list' : 'conversation' };
    case 'back':
      return { ...state, screen: 'list' };
    case 'opened': {
      if (event.detail.id !== state.selectedId) return state;
      const known = state.conversations.some((c) => c.id === event.detail.id);
      const summary: ConversationSummary = { ...event.detail };
      return { ...state, open: event.detail, conversations: known ? state.conversations : [summary, ...state.conversations] };
    }
    case 'message': {
      const id = sessionOf(event.message);
      if (id === undefined) return state;
      const current = state.conversations.find((c) => c.id === id);
      const updated = current ? withMessage(current, event.message) : undefined;
      let open = state.open;
      // The open pane takes the message even when the list does not hold its conversation (opened from a search).
      if (open && open.id === id && !open.messages.some((m) => m.id === event.message.id)) {
        open = { ...open, messages: [...open.messages, event.message], last_message: updated?.last_message ?? event.message };
      }
      if (!current && open === state.open) return state;
      const typing = isFromVisitor(event.message) ? state.typing.filter((t) => t !== id) : state.typing;
      // Activity moves a conversation to the top of the list.
      const conversations = !updated || updated === current ? state.conversations : [updated, ...state.conversations.filter((c) => c.id !== id)];
      return { ...state, conversations, open, typing };
    }
    case 'typing': {
      const without = state.typing.filter((t) => t !== event.sessionId);
      return { ...state, typing: event.isTyping ? [...without, event.sessionId] : without };
    }
    case 'typing-kept':
      return { ...state, typing: state.typing.filter((t) => event.sessionIds.includes(t)) };
    case 'closed': {
      const current = state.conversations.find((c) => c.id === event.sessionId);
      const conversations = current && current.closed_at === null ? replace(state.conversations, { ...current, closed_at: event.at }) : state.conversations;
      const open = state.open?.id === event.sessionId && state.open.closed_at === null ? { ...state.open, closed_at: event.at } : state.open;
      return { ...state, conversations, open, typing: state.typing.filter((t) => t !== event.sessionId) };
    }
    case 'seen': {
      const current = state.conversations.find((c) => c.id === event.sessionId);
      const conversations = current && current.unread !== 0 ? replace(state.conversations, { ...current, unread: 0 }) : state.conversations;
      const open = state.open?.id === event.sessionId && state.open.unread !== 0 ? { ...state.open, unread: 0 } : state.open;
      return { ...state, conversations, open };
    }
    case 'history':
      return state.open?.id === event.sessionId ? { ...state, open: { ...state.open, page_history: event.pages } } : state;
    case 'rated':
      return state.open?.id === event.sessionId ? { ...state, open: { ...state.open, rating: event.rating } } : state;
    case 'status': {
      const fields = { status: event.status, snoozed_until: event.snoozedUntil };
      const current = state.conversations.find((c) => c.id === event.sessionId);
      const conversations = current ? replace(state.conversations, { ...current, ...fields }) : state.conversations;
      const open = state.open?.id === event.sessionId ? { ...state.open, ...fields } : state.open;
      return { ...state, conversations, open };
    }
  }
}
