/**
 * The tag routes' parameters and results (console/tags.ts) as JSON Schemas (TypeBox), every field bounded;
 * the console names their `Static` types with `import type` only.
 */
import Type, { type Static } from 'typebox';
import { TAG_NAME_MAX, TAGGED_CONVERSATIONS_MAX } from '../console/tags.js';
import { ERROR_MESSAGES, Id, Text } from './params.js';

/** Longest colour text: a palette name or `#rrggbb`. */
const TAG_COLOR_MAX = 16;

const TagName = (description: string) => Text(TAG_NAME_MAX, { description, minLength: 1 });
const TagColor = Text(TAG_COLOR_MAX, { description: 'A palette name (gray, red, orange, yellow, green, teal, blue, purple, pink) or #rrggbb' });

/** `conversation_tags`: the conversations asked about. */
export const ConversationTagsParams = Type.Object({
  session_ids: Type.Array(Id(), { maxItems: TAGGED_CONVERSATIONS_MAX, [ERROR_MESSAGES]: { default: `session_ids must be a list of at most ${TAGGED_CONVERSATIONS_MAX} conversation ids` } }),
});
export type ConversationTagsParams = Static<typeof ConversationTagsParams>;

/** `add_conversation_tag`: the conversation and the tag's name (a new name makes a tag). */
export const AddConversationTagParams = Type.Object({ session_id: Id({ description: 'The conversation' }), name: TagName('The tag’s name; case does not count') });
export type AddConversationTagParams = Static<typeof AddConversationTagParams>;

/** `remove_conversation_tag`: the conversation and the tag. */
export const RemoveConversationTagParams = Type.Object({ session_id: Id({ description: 'The conversation' }), tag_id: Id({ description: 'The tag' }) });
export type RemoveConversationTagParams = Static<typeof RemoveConversationTagParams>;

/** `admin/update_tag`: the tag and what changes. */
export const UpdateTagParams = Type.Object({
  tag_id: Id({ description: 'The tag' }),
  name: Type.Optional(TagName('Its new name')),
  color: Type.Optional(TagColor),
});
export type UpdateTagParams = Static<typeof UpdateTagParams>;

/** `admin/delete_tag`: the tag. */
export const DeleteTagParams = Type.Object({ tag_id: Id({ description: 'The tag' }) });
export type DeleteTagParams = Static<typeof DeleteTagParams>;

/** A channel's tag. */
export const TagSchema = Type.Object({ id: Type.Integer(), channel_id: Type.Integer(), name: Type.String(), color: Type.String() });

/** The tags on one conversation. */
export const TaggedConversationSchema = Type.Object({ session_id: Type.Integer(), tag_ids: Type.Array(Type.Integer()) });
