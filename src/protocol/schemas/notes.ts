/** The notes routes' parameters and answers (console/notes.ts) as JSON Schemas. */
import Type, { type Static } from 'typebox';
import { NOTE_LIMITS } from '../console/notes.js';
import { Id, Text } from './params.js';

/** `post_note`: the conversation and the note's text. */
export const PostNoteParams = Type.Object({
  session_id: Id({ description: 'The conversation' }),
  text: Text(NOTE_LIMITS.textMax, { minLength: 1, description: `The note, 1 to ${NOTE_LIMITS.textMax} characters; \`@name\` mentions an operator of the channel` }),
});
export type PostNoteParams = Static<typeof PostNoteParams>;

const NoteOperatorSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/** A note as the console shows it. */
export const ConversationNoteSchema = Type.Object({
  id: Type.Integer(),
  session_id: Type.Integer(),
  author: NoteOperatorSchema,
  text: Type.String(),
  after_message_id: Type.Integer({ description: 'The newest message when it was written (0: none)' }),
  created_at: Type.Integer(),
  mentions: Type.Array(NoteOperatorSchema),
});

/** The operators a note may mention. */
export const MentionableSchema = Type.Array(NoteOperatorSchema);
