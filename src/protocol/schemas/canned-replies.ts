/**
 * The canned replies' route contracts (protocol/canned-replies.ts): parameters with bounds on every field,
 * and the answers the server serialises by.
 */
import Type, { type Static } from 'typebox';
import { CANNED_SHORTCUT_MAX, CANNED_SHORTCUT_PATTERN, CANNED_TEXT_MAX } from '../canned-replies.js';
import { ERROR_MESSAGES, Id, OptionalId } from './params.js';
import { TEXT_PATTERN } from './text.js';

const Shortcut = Type.Unsafe<string>({
  type: 'string',
  maxLength: CANNED_SHORTCUT_MAX,
  pattern: CANNED_SHORTCUT_PATTERN,
  description: `1 to ${CANNED_SHORTCUT_MAX} letters, digits or -`,
  [ERROR_MESSAGES]: { default: `The shortcut must be 1 to ${CANNED_SHORTCUT_MAX} letters, digits or -` },
});

const ReplyText = Type.Unsafe<string>({
  type: 'string',
  not: { type: 'string', pattern: '^\\s*$' },
  maxLength: CANNED_TEXT_MAX,
  pattern: TEXT_PATTERN,
  description: 'The text, with variables such as {{visitor.name | there}}',
  [ERROR_MESSAGES]: { not: 'The text is empty', maxLength: 'The text is too long: at most {limit} characters', pattern: '{key} {problem}', default: '{key} must be a string' },
});

/** `create_canned_reply`: a shared reply of `channel_id`, or with none a personal one. */
export const CreateCannedReplyParams = Type.Object({
  channel_id: Type.Optional(OptionalId({ description: 'The channel sharing the reply (administrators only); none for a personal reply' })),
  shortcut: Shortcut,
  text: ReplyText,
});
export type CreateCannedReplyParams = Static<typeof CreateCannedReplyParams>;

/** `update_canned_reply`: a new shortcut and text for a reply the caller may edit. */
export const UpdateCannedReplyParams = Type.Object({ reply_id: Id(), shortcut: Shortcut, text: ReplyText });
export type UpdateCannedReplyParams = Static<typeof UpdateCannedReplyParams>;

/** `delete_canned_reply`. */
export const OnCannedReplyParams = Type.Object({ reply_id: Id() });
export type OnCannedReplyParams = Static<typeof OnCannedReplyParams>;

/** One reply. */
export const CannedReplySchema = Type.Object({
  id: Type.Integer(),
  channel_id: Type.Union([Type.Integer(), Type.Null()]),
  shortcut: Type.String(),
  text: Type.String(),
  editable: Type.Boolean(),
});

/** `canned_replies`' answer. */
export const CannedReplyListSchema = Type.Object({
  replies: Type.Array(CannedReplySchema),
  channels: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
});

const Value = Type.Union([Type.String(), Type.Null()]);

/** `canned_reply_values`' answer, by variable name. */
export const CannedReplyValuesSchema = Type.Object({
  'visitor.name': Value,
  'visitor.email': Value,
  'operator.name': Value,
  'channel.name': Value,
});
