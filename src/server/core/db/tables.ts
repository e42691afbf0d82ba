import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { IdentityKind, PrechatForm } from '../../../protocol/visitor.js';
import type { OfflineMode } from '../../../protocol/offline-message.js';
import type { ChannelSettings, ConversationOrigin } from '../../../protocol/operator-console.js';
import type { ChannelRole } from '../../../protocol/console/supervision.js';

/** The columns a channel stores as the console edits them (protocol/operator-console.ts), same types. */
type ChannelColumns = Pick<
  ChannelSettings,
  'name' | 'button_text' | 'default_message' | 'input_placeholder' | 'button_background_color' | 'button_text_color' | 'header_background_color' | 'title_color' | 'rule_action' | 'auto_popup_timer' | 'rule_url_pattern'
>;

/**
 * Table shapes shared by both engines. Times are epoch milliseconds (integers compare the same way on
 * SQLite and PostgreSQL and carry no time zone); JSON is stored as text; flags are 0/1 integers because
 * SQLite has no boolean type.
 */
export interface LivechatChannelTable extends ChannelColumns {
  id: Generated<number>;
  /** The pre-chat form new visitors fill in before their first message (issue 14). */
  prechat_form: PrechatForm;
  created_at: number;
  /** 1 while visitors may send files (issue 15). */
  visitor_uploads: ColumnType<number, number | undefined, number>;
  /** Largest visitor file in bytes; the server's ATTACHMENT_MAX_BYTES still applies above it. */
  visitor_upload_max_bytes: ColumnType<number, number | undefined, number>;
  /** Comma-separated MIME types or `type/*` visitors may send. */
  visitor_upload_types: ColumnType<string, string | undefined, string>;
  /** What the button does while nobody is online: hidden (SPEC.md §8, the default) or a message form. */
  offline_mode: Generated<OfflineMode>;
  /** The offline button's text and its dialog's title. */
  offline_text: Generated<string>;
  /** An unanswered chat is "missed" this long after the visitor's first message (an alert mail goes out). */
  missed_after_seconds: Generated<number>;
  /** Days an ended conversation is kept before the retention job deletes it; null: forever. */
  retention_days: ColumnType<number | null, number | null | undefined, number | null>;
  /** Active conversations each operator holds at once (issue 26); null: no limit, as SPEC.md has it. */
  capacity: ColumnType<number | null, number | null | undefined, number | null>;
  /** An unanswered conversation moves to the next operator after this many seconds; null: never. */
  reassign_after_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  /** Visitors who may wait in the channel's queue at once while every operator is at capacity (issue 26). */
  queue_limit: Generated<number>;
}

/** A channel's identity secret: the HMAC key of verified visitor ids; no route ever sends it back. */
export interface ChannelIdentitySecretTable {
  channel_id: number;
  secret: string;
  created_at: number;
}

/** An operator; its id doubles as the partner id the wire protocol shows (`operator_pid[0]`). */
export interface OperatorTable {
  id: Generated<number>;
  login: string;
  display_name: string;
  email: string | null;
  password_hash: string;
  is_admin: number;
  avatar: Buffer | null;
  avatar_mimetype: string | null;
  /** When the picture last changed (epoch ms): the version in its address and ETag. Null: never set. */
  avatar_updated_at: Generated<number | null>;
  last_seen: number | null;
  /** Last user activity the operator's poll reported (`bus_inactivity`, PROTOCOL.md §4.3); null: never reported. */
  last_active: Generated<number | null>;
  /** When an admin removed the operator; its past conversations keep pointing at it. Null: active. */
  archived_at: Generated<number | null>;
  /** 1 while the operator chose "away" in the console: not offered to new visitors (issue 7). */
  away: Generated<number>;
  created_at: number;
  /** 1: e-mail this operator when a chat of its channels is missed. */
  notify_missed_chat: Generated<number>;
  /** 1: e-mail this operator when a visitor leaves a message while nobody is online. */
  notify_offline_message: Generated<number>;
  /** Languages the operator answers in: primary subtags (`en,fr`), comma-separated; '' for none given. */
  languages: Generated<string>;
}

export interface ChannelOperatorTable {
  channel_id: number;
  operator_id: number;
  /** This operator's own capacity in this channel, over the channel's; null: the channel's. */
  capacity: ColumnType<number | null, number | null | undefined, number | null>;
  /** What the member does in the channel: answers, or also supervises every conversation (issue 26). */
  role: Generated<ChannelRole>;
}

/** A logged-in operator's browser session; only the SHA-256 of the cookie token is kept. */
export interface WebSessionTable {
  token_hash: string;
  operator_id: number;
  created_at: number;
  expires_at: number;
}

/**
 * A visitor's conversation; `uuid` is the visitor's only credential. A message left through the offline
 * form has no operator (the channel's operators share it) and the visitor's `email`, where answers go.
 */
export interface VisitorSessionTable {
  id: Generated<number>;
  uuid: string;
  channel_id: number;
  operator_id: number | null;
  anonymous_name: string;
  name: string;
  page_history: string | null;
  created_at: number;
  closed_at: number | null;
  /** How far the visitor's identity is trusted (issue 14). */
  identity: Generated<IdentityKind>;
  /** The host's id of a verified visitor; null otherwise. */
  visitor_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the name is a visitor token's claim, 0 when it is only the visitor's word. */
  name_verified: Generated<number>;
  /** 1 when the name is the visitor's own (given or verified), 0 when it is the widget's default (protocol/visitor-label.ts). */
  name_given: Generated<number>;
  /** 1 when the e-mail address is a visitor token's claim, 0 when it is only the visitor's word. */
  email_verified: Generated<number>;
  email: ColumnType<string | null, string | null | undefined, string | null>;
  /** The host page's context values: JSON text of `[key, value]` pairs. */
  context: ColumnType<string | null, string | null | undefined, string | null>;
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** The newest message an operator has read in the console, for the visitor's "Seen" (issue 15). */
  operator_seen_message_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Where the conversation came from: a live chat, or the offline form (issue 14). */
  origin: Generated<ConversationOrigin>;
  /** Open, waiting for the visitor or snoozed (resolved is `closed_at`); see protocol/conversation-status.ts. */
  status: Generated<StoredStatus>;
  /** Until when a snoozed conversation sleeps (epoch ms); null otherwise. */
  snoozed_until: ColumnType<number | null, number | null | undefined, number | null>;
  /** How many operators are invited into it (conversation_participant, kept up by participant-store.ts). */
  participant_count: Generated<number>;
}

/** The statuses the column holds: `resolved` is the close. */
export type StoredStatus = 'open' | 'waiting' | 'snoozed';

export interface MessageTable {
  id: Generated<number>;
  session_id: number;
  body: string;
  author_operator_id: number | null;
  message_type: 'comment' | 'notification' | 'user_notification';
  created_at: number;
  /** The widget's key of a visitor post (SPEC.md §8 retries): a retry finds the message already stored. */
  post_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** `public_id` is what URLs carry: random, so ids cannot be walked in sequence. */
export interface AttachmentTable {
  id: Generated<number>;
  public_id: string;
  session_id: number | null;
  message_id: number | null;
  name: string;
  mimetype: string;
  type: 'url' | 'file';
  url: string | null;
  data: Buffer | null;
  file_size: number;
  created_at: number;
}

export interface RatingTable {
  id: Generated<number>;
  session_id: number;
  rate: number;
  reason: string;
  created_at: number;
  updated_at: number;
}

/** One row per (channel, message) written by the bus publisher; `message` is JSON text. */
export interface BusNotificationTable {
  id: Generated<number>;
  channel: string;
  message: string;
  created_at: number;
}

/** Fixed-window counters of the server's limits (src/server/limits), shared by every process. */
export interface RateCounterTable {
  key: string;
  count: number;
  reset_at: number;
}

/** Bytes stored under `key` (`address:…`, `channel:…`, `operator:…`) on UTC day `day` (days since 1970). */
export interface UploadUsageTable {
  key: string;
  day: number;
  bytes: number;
}

/**
 * Counts the statistics keep of deleted conversations: `conversation` rows (value 0) per UTC day the
 * conversation started, `rating` rows (value 5, 3 or 1) per UTC day the rating was given. `day` is the
 * day's first millisecond; `operator_id` is 0 for a conversation without an operator.
 */
export interface ConversationTallyTable {
  channel_id: number;
  operator_id: number;
  origin: ConversationOrigin;
  day: number;
  kind: 'conversation' | 'rating';
  value: number;
  count: number;
}

/** The kinds of alert mail operators receive. */
export type AlertKind = 'missed_chat' | 'offline_message';

/**
 * Where an alert mail stands: claimed by the process sending it, sent, failed (tried again later), with
 * nobody to send it to, or past the channel's hourly cap (`suppressed`, then `digested` once the next
 * hour's digest counted it). The row exists from the claim on, so it is never sent twice.
 */
export type AlertMailState = 'sending' | 'sent' | 'failed' | 'no_recipients' | 'suppressed' | 'digested';

/** One alert per conversation and kind. */
export interface AlertMailTable {
  session_id: number;
  kind: AlertKind;
  state: AlertMailState;
  attempts: Generated<number>;
  recipients: Generated<number>;
  next_attempt_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The whole schema as Kysely sees it. */
export interface Database {
  livechat_channel: LivechatChannelTable;
  channel_identity_secret: ChannelIdentitySecretTable;
  operator: OperatorTable;
  channel_operator: ChannelOperatorTable;
  web_session: WebSessionTable;
  visitor_session: VisitorSessionTable;
  message: MessageTable;
  attachment: AttachmentTable;
  rating: RatingTable;
  bus_notification: BusNotificationTable;
  rate_counter: RateCounterTable;
  alert_mail: AlertMailTable;
  upload_usage: UploadUsageTable;
  conversation_tally: ConversationTallyTable;
}

/** Row types as read back. */
export type ChannelRow = Selectable<LivechatChannelTable>;
/** Operator row as read back (includes the password hash: never send it). */
export type OperatorRow = Selectable<OperatorTable>;
/** Visitor session row. */
export type VisitorSessionRow = Selectable<VisitorSessionTable>;
/** A live chat: it always has its operator (an offline message has none). */
export type ChatSessionRow = VisitorSessionRow & { operator_id: number; origin: 'chat' };

/** True for a live chat: the only kind a visitor's uuid or an operator's chat message may act on. */
export function isLiveChat(session: VisitorSessionRow): session is ChatSessionRow {
  return session.origin === 'chat' && session.operator_id !== null;
}

/** A live chat waiting in its channel's queue: every operator was at capacity, none holds it yet (issue 26). */
export type QueuedChatRow = VisitorSessionRow & { operator_id: null; origin: 'chat' };

/** True for a live chat without an operator: its visitor may write while it waits, no operator may post in it. */
export function isQueuedChat(session: VisitorSessionRow): session is QueuedChatRow {
  return session.origin === 'chat' && session.operator_id === null;
}
/** Message row. */
export type MessageRow = Selectable<MessageTable>;
/** Attachment row (with the bytes). */
export type AttachmentRow = Selectable<AttachmentTable>;
/** Rating row. */
export type RatingRow = Selectable<RatingTable>;
/** Bus notification row. */
export type BusNotificationRow = Selectable<BusNotificationTable>;
/** A new attachment. */
export type NewAttachment = Omit<Insertable<AttachmentTable>, 'public_id' | 'created_at'>;

/** A new message. */
export interface NewMessage {
  session_id: number;
  body: string;
  author_operator_id: number | null;
  message_type?: MessageRow['message_type'];
  post_key?: string | null;
}

/** Fields a channel is created with; the rest take SPEC.md defaults. */
export type NewChannel = Partial<Omit<Insertable<LivechatChannelTable>, 'id' | 'created_at'>> & { name: string };
/** Channel fields to change. */
export type ChannelPatch = Omit<Updateable<LivechatChannelTable>, 'id' | 'created_at'>;
