/**
 * Wire shapes of the operator console's own routes (console/routes.ts), shared by the console and the
 * server: the routes' answers are the `Static` types of schemas/console.ts, named here with type-only
 * imports so this module stays TypeBox-free. Issue 7; SPEC.md leaves the operator's interface out.
 */
import type { Static } from 'typebox';
import type { Rate } from './livechat.js';
import type {
  ChannelSettingsSchema,
  ConversationDetailSchema,
  ConversationSummarySchema,
  IdentitySecretGeneratedSchema,
  IdentitySecretStatusSchema,
  OperatorAccountSchema,
  OperatorAlertSettingsSchema,
} from './schemas/console.js';

/** Whether the operator takes new conversations (`available`) or not (`away`). */
export type OperatorPresence = 'available' | 'away';

/** The presence values, for parameter checks. */
export const OPERATOR_PRESENCES: readonly OperatorPresence[] = ['available', 'away'];

/** Where a conversation came from: a live chat, or the form shown while nobody was online (issue 14). */
export type ConversationOrigin = 'chat' | 'offline';

/**
 * A conversation as the console's list shows it (ConversationSummarySchema). The server always sends
 * `current_page`, `time_zone`, `status` and `snoozed_until`; test fixtures may leave them out.
 */
export type ConversationSummary = Omit<Static<typeof ConversationSummarySchema>, 'current_page' | 'time_zone' | 'status' | 'snoozed_until'> &
  Partial<Pick<Static<typeof ConversationSummarySchema>, 'current_page' | 'time_zone' | 'status' | 'snoozed_until'>>;

/** The visitor's rating of a conversation (SPEC.md §3 "Feedback"). */
export type ConversationRating = NonNullable<Static<typeof ConversationDetailSchema>['rating']>;

/** One conversation opened in the console (ConversationDetailSchema): messages oldest first. */
export type ConversationDetail = ConversationSummary & Omit<Static<typeof ConversationDetailSchema>, keyof Static<typeof ConversationSummarySchema>>;

/** Payload the server publishes on the operator's channel when a visitor starts a conversation. */
export interface NewSessionPayload {
  info: 'new_session';
  /** `visitor_label`: how the console names the visitor (protocol/visitor-label.ts). */
  session: { id: number; name: string; anonymous_name: string; visitor_label?: string; channel_id: number; origin?: ConversationOrigin };
}

/**
 * Payload on the previous operator's channel and the session's channel when a conversation changes hands
 * (transfer, reassignment, someone taking it, the queue handing it out).
 */
export interface ConversationAssignedPayload {
  info: 'conversation_assigned';
  session_id: number;
  /** Who has it now. */
  operator_id: number;
  operator_name: string;
  reason: 'transferred' | 'reassigned' | 'taken' | 'dequeued';
}

/** Payload of the widget's page-history answer on the operator's channel (PROTOCOL.md §5.6). */
export interface TransientHistoryPayload {
  info: 'transient_message';
  body: string;
  channel_ids: number[];
  pages: string[];
}

/** An operator account as the admin screens show it (OperatorAccountSchema); never the password. */
export type OperatorAccount = Static<typeof OperatorAccountSchema>;

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

/** A livechat channel's settings as an admin edits them (ChannelSettingsSchema). */
export type ChannelSettings = Static<typeof ChannelSettingsSchema>;

/** Bounds of a channel's "Keep conversations for", in days (null: forever, the default). */
export const RETENTION_DAYS_BOUNDS = { min: 1, max: 36_500 } as const;

/** Bounds of a channel's missed-after delay, in seconds (default 2 minutes). */
export const MISSED_AFTER_SECONDS = { min: 10, max: 86_400, default: 120 } as const;

/** An operator's own alert mails, as the console's "Alerts" form edits them (OperatorAlertSettingsSchema). */
export type OperatorAlertSettings = Static<typeof OperatorAlertSettingsSchema>;

/** The console address of a conversation, after `/operator/`: what alert mails link to. */
export function conversationLinkHash(sessionId: number): string {
  return `#/conversations/${sessionId}`;
}

/** The conversation a console address names, or undefined. */
export function conversationOfLinkHash(hash: string): number | undefined {
  return conversationLinkOfHash(hash)?.sessionId;
}

/** A message or note of a conversation, which the console scrolls to and marks. */
export interface ConversationItem {
  kind: 'message' | 'note';
  id: number;
}

/** What a console address names: a conversation, and maybe one of its messages or notes. */
export interface ConversationLink {
  sessionId: number;
  item?: ConversationItem;
}

/** The console address of a conversation opened at one of its messages or notes (what search results link to). */
export function conversationItemLinkHash(sessionId: number, item: ConversationItem): string {
  return `${conversationLinkHash(sessionId)}/${item.kind}s/${item.id}`;
}

/** The conversation, and the message or note, a console address names; undefined for any other address. */
export function conversationLinkOfHash(hash: string): ConversationLink | undefined {
  const match = /^#\/conversations\/(\d{1,15})(?:\/(message|note)s\/(\d{1,15}))?$/.exec(hash);
  if (!match) return undefined;
  const sessionId = Number(match[1]);
  return match[2] ? { sessionId, item: { kind: match[2] as ConversationItem['kind'], id: Number(match[3]) } } : { sessionId };
}

/** Minimum length of an operator password set by an admin. */
export const OPERATOR_PASSWORD_MIN = 8;
/** Longest password accepted (scrypt takes any length; this only bounds the work per request). */
export const OPERATOR_PASSWORD_MAX = 200;
/** Longest login and display name an admin may give. */
export const OPERATOR_NAME_MAX = 100;

/** Channel fields an admin may change; each is checked by the server's dataset writers. */
export const CHANNEL_SETTING_FIELDS = [
  'name',
  'button_text',
  'default_message',
  'input_placeholder',
  'button_background_color',
  'button_text_color',
  'header_background_color',
  'title_color',
  'rule_action',
  'auto_popup_timer',
  'rule_url_pattern',
  'prechat_form',
  'visitor_uploads',
  'visitor_upload_max_bytes',
  'visitor_upload_types',
  'offline_mode',
  'offline_text',
  'missed_after_seconds',
  'retention_days',
  'queue_limit',
  'capacity',
  'reassign_after_seconds',
] as const;

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
export type IdentitySecretStatus = Static<typeof IdentitySecretStatusSchema>;

/** A newly made identity secret: shown to the admin once, in this answer only. */
export type IdentitySecretGenerated = Static<typeof IdentitySecretGeneratedSchema>;
