/**
 * Livechat wire shapes (SPEC.md §3, PROTOCOL.md §3 and §5). Shared by the widget, the console and the
 * server. A many2one value is `[id, display name]`; Odoo-style `false` stands for "empty".
 */

import type { VisitorUploadPolicy } from './visitor-upload.js';
import type { OfflineMode } from './offline-message.js';
import { PAGE_HISTORY_MAX } from './cookies.js';

// Modules of their own, so that the loader, which needs only these, carries nothing else of this file.
export { COOKIES, PAGE_HISTORY_MAX } from './cookies.js';
export { PAGE_URL_MAX, PAGE_URL_PARAM, pageUrlFor } from './page-url.js';

/** `[id, display name]`. */
export type Many2one = [number, string];

/**
 * Answer of `/im_livechat/init` (PROTOCOL.md §3.2). `available_for_me` may be the number 0. `options`
 * are the channel's widget settings (an addition: the loader's options of PROTOCOL.md §2.1).
 */
export interface InitResult {
  available_for_me: boolean | number;
  rule: LivechatRule | Record<string, never>;
  options?: LivechatChannelOptions;
}

/**
 * A channel's widget settings as admins edit them in the console; `false` when not set (the widget's
 * default applies). `default_message` may be `""`: no welcome message. Colours are `#rrggbb`-like.
 */
export interface LivechatChannelOptions {
  button_text: string | false;
  default_message: string | false;
  input_placeholder: string | false;
  button_background_color: string | false;
  button_text_color: string | false;
  header_background_color: string | false;
  title_color: string | false;
  /** The pre-chat form before the first message (issue 14); absent when off. */
  prechat_form?: 'name' | 'name_email';
  /** Whether and what the visitor may upload (an addition, issue 15); absent from older servers: off. */
  visitor_upload?: VisitorUploadPolicy | false;
  /** While nobody is online: hide the button (absent: SPEC.md §8) or show the message form (issue 14). */
  offline_mode?: OfflineMode;
  /** The offline button's text and dialog title; `false` for the default in the page's language. */
  offline_text?: string | false;
  /** While the channel's business hours keep it closed (issue 26): when it opens again, epoch ms. */
  reopens_at?: number;
}

export type RuleAction = 'display_button' | 'auto_popup' | 'hide_button';

export interface LivechatRule {
  action: RuleAction;
  auto_popup_timer: number;
  regex_url: string | false;
}

/** Session data from `/im_livechat/get_session`, also kept in the `im_livechat_session` cookie. */
export interface LivechatSession {
  id: number;
  uuid: string;
  name: string;
  operator_pid: Many2one;
  state: 'open' | 'folded' | 'closed';
  folded: boolean;
  message_unread_counter: number;
  /** The host's id of the verified visitor the session belongs to (issue 14); absent for anyone else. */
  visitor_id?: string;
  /**
   * The widget's own mark, kept only in the cookie: the visitor put the window away behind the button on a
   * phone, so the next page shows the button. Written only when true: other cookies keep PROTOCOL.md §7.1's keys.
   */
  minimised?: boolean;
}

/** An attachment as carried in a message (PROTOCOL.md §5.3), with absolute URLs. */
export interface MessageAttachment {
  id: number | string;
  name: string;
  filename: string;
  mimetype: string;
  type: 'url' | 'file';
  url: string;
  file_size?: number;
}

/** A chat message (PROTOCOL.md §5.3): `author_id[0] === 0` means the anonymous visitor. */
export interface ChatMessage {
  id: number | string;
  body: string;
  date: string;
  author_id: Many2one | false;
  email_from?: string | false;
  message_type: 'comment' | 'notification' | 'user_notification';
  attachment_ids: MessageAttachment[];
  channel_ids: number[];
  is_discussion: boolean;
  is_notification: boolean;
  /** Absolute avatar URL of the author (an addition: the widget runs on another origin). */
  author_avatar_url?: string;
  /** The key the message was posted with (an addition, see POST_KEY_PARAM); only on its announcement. */
  post_key?: string;
  /** A visitor message an operator has read (an addition, issue 15); only in the visitor's history. */
  seen?: true;
}

/** Typing payload (PROTOCOL.md §5.4). */
export interface TypingStatusPayload {
  info: 'typing_status';
  partner_id: number;
  is_typing: boolean;
  is_website_user: boolean;
}

/** The operator asks the visitor's widget for its page history (PROTOCOL.md §5.5). */
export interface HistoryCommandPayload {
  _type: 'history_command';
}

/** The conversation was closed by the operator (an addition to the Odoo protocol). */
export interface SessionClosedPayload {
  info: 'session_closed';
  uuid: string;
}

/**
 * An operator read the conversation up to `last_message_id` in the console (an addition, issue 15): the
 * visitor's messages up to it show "Seen". Sent to the visitor's uuid only.
 */
export interface ChannelSeenPayload {
  info: 'channel_seen';
  last_message_id: number;
}

/**
 * A bus notification as `/longpolling/poll` returns it. The payload stays unread until
 * `decodeBusPayload` (bus-payload.ts) turns it into a `BusPayload`.
 */
export interface BusNotification<P = unknown> {
  id: number;
  channel: string;
  message: P;
}

/** Poll request parameters (PROTOCOL.md §4.1). */
export interface PollParams {
  channels: string[];
  last: number;
  options?: { bus_inactivity?: number };
}

/** Ratings of SPEC.md §3: 5 happy, 3 neutral, 1 sad. */
export type Rate = 5 | 3 | 1;
export const RATES: readonly Rate[] = [5, 3, 1];

/** Emoji posted with a rating (PROTOCOL.md §3.8, SPEC.md §9 "Rating emoji"). */
export const RATING_EMOJI: Record<Rate, string> = { 5: '😊', 3: '😐', 1: '😞' };

/**
 * Optional `/mail/chat_post` parameter: a key the widget draws once per message and sends again with
 * every retry of it, so a post that reached the server but whose answer was lost is stored once.
 * Servers that do not know it ignore it (PROTOCOL.md §3.5 names only `uuid` and `message_content`).
 */
export const POST_KEY_PARAM = 'post_key';
/** A post key: 16 to 64 characters of letters, digits, `-` and `_`. */
export const POST_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Widget-side limits and timings of SPEC.md §9, in milliseconds unless the name says otherwise. */
export const LIMITS = {
  historyLoadLimit: 100,
  openDebounceMs: 200,
  feedbackThanksMs: 2_500,
  pollTimeoutMs: 60_000,
  serverPollHoldMs: 50_000,
  pollRetryBaseMs: 10_000,
  presenceCheckMs: 30_000,
  typingThrottleMs: 2_500,
  typingLongMs: 50_000,
  typingInactivityMs: 5_000,
  othersTypingMs: 60_000,
  typingNamesShown: 3,
  squashWithinMs: 60_000,
  timestampRefreshMs: 60_000,
  nowUnderMs: 45_000,
  scrollTolerancePx: 5,
  windowOpenPx: 400,
  windowFoldedPx: 34,
  foldAnimationMs: 200,
  pageHistoryMax: PAGE_HISTORY_MAX,
} as const;

/** Bounds the server enforces on visitor fields (issue 11); the widget keeps within them. */
export const FIELD_LIMITS = {
  visitorName: 100,
  ratingReason: 1000,
  pageHistoryEntries: 15,
  pageHistoryEntry: 2048,
} as const;

/** A visitor session's uuid as the server issues it (version 4, lower case): the visitor's only credential. */
export const SESSION_UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The grammar of every bus channel name: a session uuid, or `livechat.<kind>.<id>`. */
export const BUS_CHANNEL_PATTERN = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|livechat\.(?:operator|session)\.\d{1,15})$/;

/**
 * Bus channel names. Poll channels are strings only (PROTOCOL.md §4.1): a visitor polls its session uuid;
 * an operator polls its personal channel (new sessions, transient replies) and one channel per session it
 * serves.
 */
export const BusChannel = {
  visitor: (uuid: string): string => uuid,
  operator: (partnerId: number): string => `livechat.operator.${partnerId}`,
  session: (sessionId: number): string => `livechat.session.${sessionId}`,
} as const;

/** A partner's avatar (operators' pictures, PROTOCOL.md §3) on the chat server at `serverUrl`. */
export function partnerImageUrl(serverUrl: string, partnerId: number): string {
  return `${serverUrl.replace(/\/+$/, '')}/web/partner_image/${partnerId}`;
}
