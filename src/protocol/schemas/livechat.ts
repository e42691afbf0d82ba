/**
 * JSON Schemas (TypeBox) of the wire shapes the widget's and the console's routes share: the server
 * validates and serialises by them. A TypeBox module: browser code imports its types only (`import type`),
 * never a value, so no bundle carries TypeBox.
 */
import Type from 'typebox';

/** A text setting, or `false` when not set. */
export const TextOrUnset = Type.Union([Type.String(), Type.Literal(false)]);

/** What a channel's button does on a page its rule matches. */
export const RuleActionSchema = Type.Enum(['display_button', 'auto_popup', 'hide_button']);

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

/** Who a conversation's visitor is, as the widget learns it (issue 14). */
export const IdentityAnswerProperties = {
  identity: Type.Enum(['anonymous', 'unverified', 'verified']),
  visitor_id: Type.Optional(Type.String({ description: 'The host’s id of a verified visitor' })),
};
