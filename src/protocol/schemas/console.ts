/**
 * The operator console's contracts: JSON Schemas (TypeBox) of what its routes answer, which the server
 * validates and serialises by, and whose `Static` types the console uses (protocol/operator-console.ts
 * and visitor.ts name them with `import type`, so the console's bundle carries no TypeBox). The routes'
 * paths are in console/routes.ts.
 */
import Type, { type Static, type TSchema, type TUnsafe } from 'typebox';
import type { ChatMessage } from '../livechat.js';
import { OFFLINE_MODES } from '../offline-message.js';
import { PRECHAT_FORMS } from '../visitor.js';
import { CONVERSATION_STATUSES } from '../conversation-status.js';
import { ChatMessageSchema, IdentityAnswerProperties, RuleActionSchema } from './livechat.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const EpochMs = (description = 'Epoch milliseconds') => Type.Integer({ description });

/**
 * The server's message schema, typed as the ChatMessage the console reads (protocol/livechat.ts, which
 * also takes bus messages); the constraint fails to compile if a server message stops being one.
 */
function asChatMessage<T extends TSchema>(schema: T & (Static<T> extends ChatMessage ? unknown : never)): TUnsafe<ChatMessage> {
  return Type.Unsafe<ChatMessage>(schema);
}
const MessageSchema = asChatMessage(ChatMessageSchema);

/** A conversation as the console's list shows it. */
export const ConversationSummarySchema = Type.Object({
  id: Type.Integer(),
  channel_id: Type.Integer(),
  visitor_name: Type.String(),
  origin: Type.Enum(['chat', 'offline']),
  created_at: EpochMs(),
  closed_at: Nullable(EpochMs()),
  last_message: Nullable(MessageSchema),
  unread: Type.Integer({ description: 'Visitor messages since the operator’s last one, past the conversation’s read marker' }),
  waiting_since: Nullable(EpochMs('The oldest unanswered visitor message')),
  current_page: Nullable(Type.String({ description: 'The last page the visitor’s widget reported' })),
  time_zone: Nullable(Type.String({ description: 'The visitor’s IANA time zone, for their local time' })),
  status: Type.Enum([...CONVERSATION_STATUSES], { description: 'At the time of the answer: an expired snooze reads open, a closed conversation resolved' }),
  snoozed_until: Nullable(EpochMs('When a snoozed conversation opens again')),
});

/** How many open conversations each list view holds. */
export const ViewCountsSchema = Type.Object({
  mine: Type.Integer({ description: 'The operator’s own chats' }),
  unassigned: Type.Integer({ description: 'Conversations without an operator (offline messages) of the operator’s channels' }),
  all: Nullable(Type.Integer({ description: 'Every conversation; null for an operator who is not an admin' })),
});

/** One conversation opened in the console. */
export const ConversationDetailSchema = Type.Object({
  ...ConversationSummarySchema.properties,
  messages: Type.Array(MessageSchema, { description: 'Oldest first' }),
  page_history: Nullable(Type.Array(Type.String())),
  rating: Nullable(Type.Object({ rate: Type.Enum([5, 3, 1]), reason: Type.String() })),
  reply_email: Nullable(Type.String({ description: 'Where the answer to an offline message is mailed' })),
  may_reply: Type.Optional(Type.Boolean({ description: 'False for a supervisor looking on: notes only until they take it; absent reads as true' })),
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
  queue_limit: Type.Integer({ description: 'Visitors who may wait in the channel’s queue at once' }),
  capacity: Nullable(Type.Integer({ description: 'Active conversations each operator holds at once; null: no limit' })),
  reassign_after_seconds: Nullable(Type.Integer({ description: 'An unanswered conversation moves to the next operator after this long; null: never' })),
});

/** An operator's own alert mails. */
export const OperatorAlertSettingsSchema = Type.Object({
  email: Nullable(Type.String({ description: 'Where alerts go; null: no alert mails' })),
  notify_missed_chat: Type.Boolean({ description: 'A chat of the operator’s channels nobody answered within the channel’s delay' }),
  notify_offline_message: Type.Boolean({ description: 'A message a visitor left while nobody was online' }),
  notify_mention: Type.Boolean({ description: 'A colleague mentioned the operator in an internal note (off unless chosen)' }),
});

const Software = Type.Union([Type.Object({ name: Type.String(), version: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]);

/** The console's visitor card. */
export const VisitorCardSchema = Type.Object({
  session_id: Type.Integer(),
  name: Type.String(),
  name_verified: Type.Boolean({ description: 'A claim of a valid visitor token; false: the visitor’s own word' }),
  email: Type.Union([Type.String(), Type.Null()]),
  email_verified: Type.Boolean({ description: 'A claim of a valid visitor token; false: the visitor’s own word' }),
  identity: IdentityAnswerProperties.identity,
  visitor_id: Type.Union([Type.String(), Type.Null()]),
  context: Type.Array(Type.Tuple([Type.String(), Type.String()]), { description: '[key, value] pairs in the host page’s order' }),
  pages: Type.Array(Type.String()),
  browser: Software,
  os: Software,
  language: Type.Union([Type.String(), Type.Null()]),
  time_zone: Type.Union([Type.String(), Type.Null()]),
  earlier_conversations: Type.Union([Type.Integer(), Type.Null()], { description: 'By verified id, else by e-mail address; null for an anonymous visitor' }),
});

/** Whether a channel has an identity secret, and since when; never the secret. */
export const IdentitySecretStatusSchema = Type.Object({ channel_id: Type.Integer(), created_at: Type.Integer({ description: 'Epoch milliseconds' }) });

/** A new identity secret, in this answer only. */
export const IdentitySecretGeneratedSchema = Type.Object({
  ...IdentitySecretStatusSchema.properties,
  secret: Type.String({ description: '64 hex digits: the HMAC-SHA256 key of visitor hashes, used as text. Shown once.' }),
});
