import Type, { type Static } from 'typebox';
import { QueuePlaceSchema } from '../../../protocol/schemas/queue.js';
import { IdentityAnswerProperties, Many2oneSchema, RuleActionSchema, TextOrUnset } from '../../../protocol/schemas/livechat.js';

/**
 * Results of the visitor routes, as JSON Schemas of the wire shapes of src/protocol/livechat.ts (the
 * types the handlers return are checked against those at compile time, and the test harness checks
 * that serialising by these schemas changes no answer).
 */

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
  reopens_at: Type.Optional(Type.Integer({ description: 'When the channel’s hours open it again (epoch ms); only while its hours keep it closed' })),
});

/** A channel's widget settings as the server sends them (assignable to protocol's LivechatChannelOptions). */
export type WireChannelOptions = Static<typeof ChannelOptionsSchema>;

/** `/im_livechat/init`: whether to show the button, the rule that applies (or `{}`), the channel's options. */
export const InitResultSchema = Type.Object({
  available_for_me: Type.Boolean(),
  rule: Type.Union([LivechatRuleSchema, Type.Object({}, { additionalProperties: false })]),
  options: ChannelOptionsSchema,
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

/** `/im_livechat/get_session`'s answer: the conversation, who it belongs to, and whether it was resumed. */
export const SessionAnswerSchema = Type.Object({
  ...LivechatSessionSchema.properties,
  ...IdentityAnswerProperties,
  resumed: Type.Optional(Type.Literal(true, { description: 'A verified visitor’s open conversation, resumed' })),
  queue: Type.Optional(QueuePlaceSchema),
});

/** The conversation-state route's answer: whether the conversation still takes messages. */
export const ConversationStateAnswerSchema = Type.Object({
  state: Type.Enum(['open', 'closed'], { description: '`closed` also for an unknown conversation' }),
  queue: Type.Optional(QueuePlaceSchema),
});
