/**
 * Wire shapes of the operator console's own routes (`/im_livechat/operator/*`), shared by the console
 * and the server. Issue 7; SPEC.md leaves the operator's interface out.
 */
import type { ChatMessage, Rate } from './livechat.js';
import type { PrechatForm } from './visitor.js';
import type { OfflineMode } from './offline-message.js';

/** Whether the operator takes new conversations (`available`) or not (`away`). */
export type OperatorPresence = 'available' | 'away';

/** The presence values, for parameter checks. */
export const OPERATOR_PRESENCES: readonly OperatorPresence[] = ['available', 'away'];

/** Where a conversation came from: a live chat, or the form shown while nobody was online (issue 14). */
export type ConversationOrigin = 'chat' | 'offline';

/** A conversation as the console's list shows it. */
export interface ConversationSummary {
  /** The visitor session id (also `channel_ids[0]` of its messages). */
  id: number;
  channel_id: number;
  visitor_name: string;
  /** An offline message is answered by e-mail; the list marks it "Offline". */
  origin: ConversationOrigin;
  /** Epoch milliseconds. */
  created_at: number;
  /** Epoch milliseconds, or null while open. */
  closed_at: number | null;
  last_message: ChatMessage | null;
  /** Visitor messages since the operator's last message that nobody has had in view yet (opening the conversation reads them). */
  unread: number;
  /** Epoch ms of the oldest visitor message still unanswered, or null when nothing waits. */
  waiting_since: number | null;
  /** The last page the visitor's widget reported, or null; the server always sends it, test fixtures may leave it out. */
  current_page?: string | null;
  /** The visitor's IANA time zone as the widget reported it, or null; sent like `current_page`. */
  time_zone?: string | null;
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
  /** Where the answer to an offline message is mailed; null for a live chat. */
  reply_email: string | null;
}

/** Payload the server publishes on the operator's channel when a visitor starts a conversation. */
export interface NewSessionPayload {
  info: 'new_session';
  /** `visitor_label`: how the console names the visitor (protocol/visitor-label.ts). */
  session: { id: number; name: string; anonymous_name: string; visitor_label?: string; channel_id: number; origin?: ConversationOrigin };
}

/** Payload of the widget's page-history answer on the operator's channel (PROTOCOL.md §5.6). */
export interface TransientHistoryPayload {
  info: 'transient_message';
  body: string;
  channel_ids: number[];
  pages: string[];
}

/** An operator account as the admin screens show it (`/im_livechat/operator/admin/*`); never the password. */
export interface OperatorAccount {
  id: number;
  login: string;
  name: string;
  email: string | null;
  is_admin: boolean;
  /** The livechat channels the operator answers. */
  channel_ids: number[];
  /** Whether the operator has a picture (else visitors see the default one). */
  has_avatar: boolean;
  /** The picture's versioned address on the chat server (operator-profile.ts). */
  avatar_url: string;
}

/** What `/im_livechat/operator/admin/add_operator` takes. */
export interface NewOperatorAccount {
  login: string;
  name: string;
  password: string;
  email?: string;
  is_admin?: boolean;
  channel_ids?: number[];
}

/** When the channel's auto-popup rule applies and what it does (SPEC.md §2). */
export type ChannelRuleAction = 'display_button' | 'auto_popup' | 'hide_button';

/** A livechat channel's settings as an admin edits them. */
export interface ChannelSettings {
  id: number;
  name: string;
  button_text: string;
  default_message: string;
  input_placeholder: string;
  /** `#rrggbb`-like colours, or null for the widget's default. */
  button_background_color: string | null;
  button_text_color: string | null;
  header_background_color: string | null;
  title_color: string | null;
  rule_action: ChannelRuleAction;
  /** Seconds before the auto-popup opens the chat. */
  auto_popup_timer: number;
  /** Regular expression the page address must match for the rule to apply, or null for every page. */
  rule_url_pattern: string | null;
  /** What new visitors fill in before their first message (issue 14). */
  prechat_form: PrechatForm;
  /** Whether visitors may send files (issue 15; on by default). */
  visitor_uploads: boolean;
  /** Largest visitor file in bytes (the server's own limit still applies above it). */
  visitor_upload_max_bytes: number;
  /** Accepted visitor file types: MIME types or `type/*`, separated by commas. */
  visitor_upload_types: string;
  /** While nobody is online: hide the button (SPEC.md §8, the default) or show the message form. */
  offline_mode: OfflineMode;
  /** The offline button's text and dialog title. */
  offline_text: string;
  /** An unanswered chat counts as missed (an alert mail) this long after the visitor's first message. */
  missed_after_seconds: number;
  /** Days ended conversations are kept before they are deleted (the server's RETENTION_DAYS may be shorter); null: forever. */
  retention_days: number | null;
}

/** Bounds of a channel's "Keep conversations for", in days (null: forever, the default). */
export const RETENTION_DAYS_BOUNDS = { min: 1, max: 36_500 } as const;

/** Bounds of a channel's missed-after delay, in seconds (default 2 minutes). */
export const MISSED_AFTER_SECONDS = { min: 10, max: 86_400, default: 120 } as const;

/** An operator's own alert mails, as the console's "Alerts" form edits them (issue 14). */
export interface OperatorAlertSettings {
  /** Where alerts go; null: no alert mails. */
  email: string | null;
  /** A chat of the operator's channels nobody answered within the channel's delay. */
  notify_missed_chat: boolean;
  /** A message a visitor left while nobody was online. */
  notify_offline_message: boolean;
}

/** The console address of a conversation, after `/operator/`: what alert mails link to. */
export function conversationLinkHash(sessionId: number): string {
  return `#/conversations/${sessionId}`;
}

/** The conversation a console address names, or undefined. */
export function conversationOfLinkHash(hash: string): number | undefined {
  const match = /^#\/conversations\/(\d{1,15})$/.exec(hash);
  return match ? Number(match[1]) : undefined;
}

/** Minimum length of an operator password set by an admin. */
export const OPERATOR_PASSWORD_MIN = 8;

/**
 * Payload the server publishes on the session's channel and its operator's channel when the visitor
 * rates the conversation (or changes the rating), so consoles update without reading again.
 */
export interface SessionRatedPayload {
  info: 'session_rated';
  session_id: number;
  rate: Rate;
  reason: string;
}

/** Whether a channel has an identity secret, and since when (epoch ms); the secret itself is never sent back. */
export interface IdentitySecretStatus {
  channel_id: number;
  created_at: number;
}

/** A newly made identity secret: shown to the admin once, in this answer only. */
export interface IdentitySecretGenerated extends IdentitySecretStatus {
  /** 64 hex digits; the HMAC-SHA256 key of visitor hashes, used as text. */
  secret: string;
}
