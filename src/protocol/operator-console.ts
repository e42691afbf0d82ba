/**
 * Wire shapes of the operator console's own routes (`/im_livechat/operator/*`), shared by the console
 * and the server. Issue 7; SPEC.md leaves the operator's interface out.
 */
import type { ChatMessage, Rate } from './livechat.js';

/** Whether the operator takes new conversations (`available`) or not (`away`). */
export type OperatorPresence = 'available' | 'away';

/** The presence values, for parameter checks. */
export const OPERATOR_PRESENCES: readonly OperatorPresence[] = ['available', 'away'];

/** A conversation as the console's list shows it. */
export interface ConversationSummary {
  /** The visitor session id (also `channel_ids[0]` of its messages). */
  id: number;
  uuid: string;
  channel_id: number;
  visitor_name: string;
  /** Epoch milliseconds. */
  created_at: number;
  /** Epoch milliseconds, or null while open. */
  closed_at: number | null;
  last_message: ChatMessage | null;
  /** Visitor messages since the operator's last message. */
  unread: number;
  /** Epoch ms of the oldest visitor message still unanswered, or null when nothing waits. */
  waiting_since: number | null;
}

/** The visitor's rating of a conversation (SPEC.md §3 "Feedback"). */
export interface ConversationRating {
  rate: Rate;
  reason: string;
}

/** One conversation opened in the console. */
export interface ConversationDetail extends ConversationSummary {
  /** Oldest first. */
  messages: ChatMessage[];
  /** Visited pages the widget reported, or null when never requested. */
  page_history: string[] | null;
  rating: ConversationRating | null;
}

/** Payload the server publishes on the operator's channel when a visitor starts a conversation. */
export interface NewSessionPayload {
  info: 'new_session';
  session: { id: number; uuid: string; name: string; anonymous_name: string; channel_id: number };
}

/** Payload of the widget's page-history answer on the operator's channel (PROTOCOL.md §5.6). */
export interface TransientHistoryPayload {
  info: 'transient_message';
  body: string;
  channel_ids: number[];
  pages: string[];
  uuid: string;
}
