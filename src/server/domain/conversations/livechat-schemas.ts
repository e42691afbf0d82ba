import Type, { type Static } from 'typebox';

/**
 * Results of the visitor routes, as JSON Schemas of the wire shapes of src/protocol/livechat.ts (the
 * types the handlers return are checked against those at compile time, and the test harness checks
 * that serialising by these schemas changes no answer).
 */

const TextOrUnset = Type.Union([Type.String(), Type.Literal(false)]);

/** What a channel's button does on a page its rule matches. */
export const RuleActionSchema = Type.Enum(['display_button', 'auto_popup', 'hide_button']);

/** A channel's URL rule (PROTOCOL.md §3.2). */
export const LivechatRuleSchema = Type.Object({
  action: RuleActionSchema,
  auto_popup_timer: Type.Integer(),
  regex_url: TextOrUnset,
});

/** A channel's widget settings; `false` when not set. */
export const ChannelOptionsSchema = Type.Object({
  button_text: TextOrUnset,
  default_message: TextOrUnset,
  input_placeholder: TextOrUnset,
  button_background_color: TextOrUnset,
  button_text_color: TextOrUnset,
  header_background_color: TextOrUnset,
  title_color: TextOrUnset,
  prechat_form: Type.Optional(Type.Enum(['name', 'name_email'], { description: 'The form asked before the conversation; left out when off' })),
  visitor_upload: Type.Union([
    Type.Object({ max_bytes: Type.Integer(), types: Type.Array(Type.String({ description: 'A MIME type or `type/*`' })) }),
    Type.Literal(false),
  ], { description: 'What visitors may upload (issue 15); false when they may not' }),
  offline_mode: Type.Optional(Type.Literal('message_form', { description: 'Shown when nobody is online: a form that leaves a message' })),
  offline_text: Type.Optional(TextOrUnset),
});

/** A channel's widget settings as the server sends them (assignable to protocol's LivechatChannelOptions). */
export type WireChannelOptions = Static<typeof ChannelOptionsSchema>;

/** `/im_livechat/init`: whether to show the button, the rule that applies (or `{}`), the channel's options. */
export const InitResultSchema = Type.Object({
  available_for_me: Type.Boolean(),
  rule: Type.Union([LivechatRuleSchema, Type.Object({}, { additionalProperties: false })]),
  options: ChannelOptionsSchema,
});

/** `[id, display name]`. */
export const Many2oneSchema = Type.Tuple([Type.Integer(), Type.String()]);

/** An attachment in a message, with an absolute URL (PROTOCOL.md §5.3). */
export const MessageAttachmentSchema = Type.Object({
  id: Type.String({ description: 'The attachment’s random public id' }),
  name: Type.String(),
  filename: Type.String(),
  mimetype: Type.String(),
  type: Type.Enum(['url', 'file']),
  url: Type.String(),
  file_size: Type.Integer(),
});

/** A chat message (PROTOCOL.md §5.3): `author_id[0] === 0` is the anonymous visitor. */
export const ChatMessageSchema = Type.Object({
  id: Type.Integer(),
  body: Type.String({ description: 'HTML' }),
  date: Type.String({ description: 'YYYY-MM-DD HH:MM:SS, UTC' }),
  author_id: Many2oneSchema,
  email_from: TextOrUnset,
  message_type: Type.Enum(['comment', 'notification', 'user_notification']),
  attachment_ids: Type.Array(MessageAttachmentSchema),
  channel_ids: Type.Array(Type.Integer()),
  is_discussion: Type.Boolean(),
  is_notification: Type.Boolean(),
  author_avatar_url: Type.String(),
  seen: Type.Optional(Type.Literal(true, { description: 'A visitor’s message the operator has read' })),
});

/** A visitor's conversation as `/im_livechat/get_session` opens it. */
export const LivechatSessionSchema = Type.Object({
  id: Type.Integer(),
  uuid: Type.String({ description: 'The visitor’s credential for this conversation' }),
  name: Type.String(),
  operator_pid: Many2oneSchema,
  state: Type.Enum(['open', 'folded', 'closed']),
  folded: Type.Boolean(),
  message_unread_counter: Type.Integer(),
});

/** Who a conversation's visitor is, as the widget learns it (issue 14). */
export const IdentityAnswerProperties = {
  identity: Type.Enum(['anonymous', 'unverified', 'verified']),
  visitor_id: Type.Optional(Type.String({ description: 'The host’s id of a verified visitor' })),
};

/** `/im_livechat/get_session`'s answer: the conversation, who it belongs to, and whether it was resumed. */
export const SessionAnswerSchema = Type.Object({
  ...LivechatSessionSchema.properties,
  ...IdentityAnswerProperties,
  resumed: Type.Optional(Type.Literal(true, { description: 'A verified visitor’s open conversation, resumed' })),
});

/** The conversation-state route's answer: whether the conversation still takes messages. */
export const ConversationStateAnswerSchema = Type.Object({
  state: Type.Enum(['open', 'closed'], { description: '`closed` also for an unknown conversation' }),
});
