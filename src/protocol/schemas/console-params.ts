/**
 * The parameters of the operator console's routes (console/routes.ts) as JSON Schemas (TypeBox), with
 * their error messages: the server validates by them, the console types its calls with their `Static`
 * types (`import type` only, so its bundle carries no TypeBox). A parameter bounded by the server's
 * configuration is a function of those limits (`xParams(limits)`), which the server calls with its own.
 */
import Type, { type Static } from 'typebox';
import { ATTACHMENT_BODY_MAX, ATTACHMENT_NAME_MAX, ATTACHMENT_URL_MAX } from '../attachment-limits.js';
import { EMAIL_MAX_LENGTH } from '../email-address.js';
import { OPERATOR_DISPLAY_NAME } from '../operator-profile.js';
import { CHANNEL_SETTING_FIELDS, OPERATOR_NAME_MAX, OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN, OPERATOR_PRESENCES, RETENTION_DAYS_BOUNDS } from '../operator-console.js';
import { CONVERSATION_STATUSES, LIST_VIEWS, SNOOZE_MAX_MS } from '../conversation-status.js';
import { Bool, ERROR_MESSAGES, Id, MessageText, OneOf, OptionalText, Text } from './params.js';

/** Routes that take nothing: `conversations`, `presence`, `alert_settings` and the admin lists. */
export const NoParams = Type.Object({});

/** `conversations`: the list's view and optional filters, each filter read by the feature that owns it (a field left out filters nothing); without a view, the operator's chats and its channels' offline messages together. */
export const ConversationListParams = Type.Object({
  view: Type.Optional(OneOf(LIST_VIEWS, 'view must be "mine", "unassigned" or "all"')),
  tag_id: Type.Optional(Id({ description: 'Only the conversations carrying this tag' })),
});
export type ConversationListParams = Static<typeof ConversationListParams>;

/** `set_status`: the conversation, its new status and, for `snoozed`, until when (epoch ms, in the future). */
export const SetStatusParams = Type.Object({
  session_id: Id({ description: 'The conversation' }),
  status: OneOf(CONVERSATION_STATUSES, 'status must be "open", "waiting", "snoozed" or "resolved"'),
  snoozed_until: Type.Optional(
    Type.Unsafe<number | null>({
      type: ['integer', 'null'],
      minimum: 0,
      maximum: Number.MAX_SAFE_INTEGER,
      description: `Epoch ms, for "snoozed" only: after now and at most ${SNOOZE_MAX_MS / 86_400_000} days ahead`,
      [ERROR_MESSAGES]: { default: 'snoozed_until must be a time in epoch milliseconds' },
    }),
  ),
});
export type SetStatusParams = Static<typeof SetStatusParams>;

/** `conversation` and `visitor_card`: the conversation. */
export const SessionParams = Type.Object({ session_id: Id() });
export type SessionParams = Static<typeof SessionParams>;

/** `conversation`: the conversation, and optionally the oldest message to show (a link to it): the pane then holds every message from there, up to CONVERSATION_WINDOW_MAX. */
export const ConversationParams = Type.Object({
  session_id: Id(),
  since_message_id: Type.Optional(Id({ description: 'Show the messages from this one on (at most 1,000), not only the newest 100: a link to an older message' })),
});
export type ConversationParams = Static<typeof ConversationParams>;

/** `close_session` and `request_history`: the conversation acted on. */
export const OnSessionParams = Type.Object({ session_id: Id({ description: 'The conversation' }) });
export type OnSessionParams = Static<typeof OnSessionParams>;

/** `mark_seen`: the conversation and the message it is read up to. */
export const MarkSeenParams = Type.Object({ session_id: Id({ description: 'The conversation' }), message_id: Id({ description: 'One of its messages' }) });
export type MarkSeenParams = Static<typeof MarkSeenParams>;

/** The server's configured bounds some parameters depend on. */
export interface ConsoleParamLimits {
  /** Longest message text (the server's MESSAGE_MAX_LENGTH). */
  messageMaxLength: number;
}

/** `reply_by_email`: a function of the limits, because the message's bound is the server's configuration. */
export function replyByEmailParams(limits: ConsoleParamLimits) {
  return Type.Object({ session_id: Id(), message: MessageText(limits.messageMaxLength) });
}
export type ReplyByEmailParams = Static<ReturnType<typeof replyByEmailParams>>;

/** An e-mail field's answer to anything that is not text; the server gives it for a malformed address too. */
export const INVALID_EMAIL = 'Invalid email address';

/** `set_alert_settings`: where alerts go (empty for none) and which ones. */
export const SetAlertSettingsParams = Type.Object({
  email: OptionalText(EMAIL_MAX_LENGTH + 7, { description: 'The address for alerts; empty for none', [ERROR_MESSAGES]: { default: INVALID_EMAIL } }),
  notify_missed_chat: Bool(),
  notify_offline_message: Bool(),
  notify_mention: Type.Optional(Bool({ description: 'Mail when mentioned in a note; left as it is when not given' })),
});
export type SetAlertSettingsParams = Static<typeof SetAlertSettingsParams>;

/** `available` or `away`: `set_presence`'s parameter and `presence`'s answer. */
export const PresenceSchema = OneOf(OPERATOR_PRESENCES, 'presence must be "available" or "away"');

/** `set_presence`. */
export const SetPresenceParams = Type.Object({ presence: PresenceSchema });
export type SetPresenceParams = Static<typeof SetPresenceParams>;

/** `attach_url`: a link posted as an attachment. */
export const AttachUrlParams = Type.Object({
  url: Text(ATTACHMENT_URL_MAX, { description: 'An absolute http(s) address' }),
  session_id: Id({ description: 'The conversation' }),
  name: Type.Optional(OptionalText(ATTACHMENT_NAME_MAX, { description: 'The link’s name; the last part of its path when not given' })),
  body: Type.Optional(OptionalText(ATTACHMENT_BODY_MAX, { description: 'Text posted with the link' })),
});
export type AttachUrlParams = Static<typeof AttachUrlParams>;

/** The text fields of `upload_attachment`'s multipart form (field values are always strings). */
export const UploadFields = Type.Object({
  session_id: Id({ description: 'The conversation' }),
  body: Type.Optional(Text(ATTACHMENT_BODY_MAX, { description: 'Text posted with the files' })),
});
export type UploadFields = Static<typeof UploadFields>;

/** Admin, `generate_identity_secret` and `remove_identity_secret`: the channel. */
export const OnChannelParams = Type.Object({ channel_id: Id() });
export type OnChannelParams = Static<typeof OnChannelParams>;

/** A new password: bounded work for scrypt, and a floor. */
const Password = Text(OPERATOR_PASSWORD_MAX, {
  minLength: OPERATOR_PASSWORD_MIN,
  [ERROR_MESSAGES]: {
    minLength: 'The password must have at least {limit} characters',
    maxLength: '{key} must be at most {limit} characters',
    pattern: '{key} {problem}',
    default: '{key} must be a string',
  },
});

const ChannelIds = Type.Unsafe<number[] | null>({
  type: ['array', 'null'],
  maxItems: 1000,
  items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  description: 'The channels the operator answers',
  [ERROR_MESSAGES]: { default: 'channel_ids must be a list of channel ids' },
});

/**
 * Admin, `add_operator`. Login, name and e-mail address are judged after trimming, which a schema cannot
 * do: the one-word login, the non-empty name and the address rule (email-address.ts) are the server's.
 */
export const AddOperatorParams = Type.Object({
  login: Text(OPERATOR_NAME_MAX, { description: 'One word' }),
  name: Text(OPERATOR_NAME_MAX),
  password: Password,
  email: Type.Optional(OptionalText(300)),
  is_admin: Type.Optional(Bool()),
  channel_ids: Type.Optional(ChannelIds),
});
export type AddOperatorParams = Static<typeof AddOperatorParams>;

/** Admin, `remove_operator`. */
export const OnOperatorParams = Type.Object({ operator_id: Id() });
export type OnOperatorParams = Static<typeof OnOperatorParams>;

/** Admin, `reset_password`. */
export const ResetPasswordParams = Type.Object({ operator_id: Id(), password: Password });
export type ResetPasswordParams = Static<typeof ResetPasswordParams>;

const ChannelValues = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  // Each value is checked by the server's dataset writers, so both ways of writing a channel agree.
  propertyNames: { enum: [...CHANNEL_SETTING_FIELDS] },
  // Bounds only (a number of days, or null: forever); other types reach the writer, whose message names them.
  properties: { retention_days: { type: ['number', 'null'], minimum: RETENTION_DAYS_BOUNDS.min, maximum: RETENTION_DAYS_BOUNDS.max, description: 'Days ended conversations are kept; null: forever' } },
  description: 'The settings to change',
  [ERROR_MESSAGES]: {
    enum: 'Not a channel setting: {name}',
    minimum: 'retention_days must be at least {limit}',
    maximum: 'retention_days must be at most {limit}',
    default: 'values must be an object',
  },
});

/** Admin, `update_channel`: the channel and the settings to change. */
export const UpdateChannelParams = Type.Object({ channel_id: Id(), values: ChannelValues });
export type UpdateChannelParams = Static<typeof UpdateChannelParams>;

/**
 * A display name as sent: the server trims it before judging its length (a schema cannot), so the raw
 * text may carry some spaces beyond the bound.
 */
const DisplayName = Text(OPERATOR_DISPLAY_NAME.max + 64, { description: `The display name, ${OPERATOR_DISPLAY_NAME.min} to ${OPERATOR_DISPLAY_NAME.max} characters once trimmed` });

/** `set_profile`: the operator's own display name (`profile` and `remove_avatar` take {@link NoParams}). */
export const SetOwnProfileParams = Type.Object({ name: DisplayName });
export type SetOwnProfileParams = Static<typeof SetOwnProfileParams>;

/** Admin, `set_operator_profile`: another operator's display name (`remove_operator_avatar` takes {@link OnOperatorParams}). */
export const SetOperatorProfileParams = Type.Object({ operator_id: Id(), name: DisplayName });
export type SetOperatorProfileParams = Static<typeof SetOperatorProfileParams>;

/**
 * The text field of admin `upload_operator_avatar`'s multipart form, before the file, so the server judges
 * the request before it reads the picture (`upload_avatar` has the file only).
 */
export const AdminAvatarFields = Type.Object({ operator_id: Id({ description: 'The operator whose picture it is; before the file' }) });
export type AdminAvatarFields = Static<typeof AdminAvatarFields>;
