import Type from 'typebox';
import { OFFLINE_MODES } from '../../../protocol/offline-message.js';
import { PRECHAT_FORMS } from '../../../protocol/visitor.js';
import { ChatMessageSchema, RuleActionSchema } from '../conversations/livechat-schemas.js';

/**
 * Results of the operator console's routes, as JSON Schemas of the wire shapes of
 * src/protocol/operator-console.ts (the visitor card's and identity secrets' are in schemas/visitor.ts).
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const EpochMs = (description = 'Epoch milliseconds') => Type.Integer({ description });

/** A conversation as the console's list shows it. */
export const ConversationSummarySchema = Type.Object({
  id: Type.Integer(),
  channel_id: Type.Integer(),
  visitor_name: Type.String(),
  origin: Type.Enum(['chat', 'offline']),
  created_at: EpochMs(),
  closed_at: Nullable(EpochMs()),
  last_message: Nullable(ChatMessageSchema),
  unread: Type.Integer({ description: 'Visitor messages since the operator’s last one, past the conversation’s read marker' }),
  waiting_since: Nullable(EpochMs('The oldest unanswered visitor message')),
  current_page: Nullable(Type.String({ description: 'The last page the visitor’s widget reported' })),
  time_zone: Nullable(Type.String({ description: 'The visitor’s IANA time zone, for their local time' })),
});

/** One conversation opened in the console. */
export const ConversationDetailSchema = Type.Object({
  ...ConversationSummarySchema.properties,
  messages: Type.Array(ChatMessageSchema, { description: 'Oldest first' }),
  page_history: Nullable(Type.Array(Type.String())),
  rating: Nullable(Type.Object({ rate: Type.Enum([5, 3, 1]), reason: Type.String() })),
  reply_email: Nullable(Type.String({ description: 'Where the answer to an offline message is mailed' })),
});

/** An operator account as the admin screens show it; never the password. */
export const OperatorAccountSchema = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  is_admin: Type.Boolean(),
  channel_ids: Type.Array(Type.Integer()),
  has_avatar: Type.Boolean(),
  avatar_url: Type.String({ description: 'The picture’s versioned address' }),
});

/** A livechat channel's settings as an admin edits them. */
export const ChannelSettingsSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  button_text: Type.String(),
  default_message: Type.String(),
  input_placeholder: Type.String(),
  button_background_color: Nullable(Type.String()),
  button_text_color: Nullable(Type.String()),
  header_background_color: Nullable(Type.String()),
  title_color: Nullable(Type.String()),
  rule_action: RuleActionSchema,
  auto_popup_timer: Type.Integer(),
  rule_url_pattern: Nullable(Type.String()),
  prechat_form: Type.Enum([...PRECHAT_FORMS]),
  visitor_uploads: Type.Boolean(),
  visitor_upload_max_bytes: Type.Integer(),
  visitor_upload_types: Type.String(),
  offline_mode: Type.Enum([...OFFLINE_MODES]),
  offline_text: Type.String(),
  missed_after_seconds: Type.Integer(),
  retention_days: Nullable(Type.Integer()),
});

/** An operator's own alert mails. */
export const OperatorAlertSettingsSchema = Type.Object({
  email: Nullable(Type.String({ description: 'Where alerts go; null: no alert mails' })),
  notify_missed_chat: Type.Boolean({ description: 'A chat of the operator’s channels nobody answered within the channel’s delay' }),
  notify_offline_message: Type.Boolean({ description: 'A message a visitor left while nobody was online' }),
});
