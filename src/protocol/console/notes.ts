/**
 * Internal notes of a conversation (issue 25): what operators write for each other beside a chat. A note
 * lives in its own table and travels on operator bus channels only, so no visitor path can carry one.
 * TypeBox-free, so the console imports it without the schemas (schemas/notes.ts).
 */

/** A conversation's notes, oldest first. */
export const NOTES_ROUTE = '/im_livechat/operator/notes';
/** Adds a note to a conversation. */
export const POST_NOTE_ROUTE = '/im_livechat/operator/post_note';
/** The operators a note of a conversation may mention (its channel's). */
export const MENTIONABLE_ROUTE = '/im_livechat/operator/mentionable';

/** Bounds of a note. */
export const NOTE_LIMITS = {
  /** Characters of a note's text. */
  textMax: 4000,
  /** Mentions acted on per note; any further `@name` stays plain text. */
  mentionsMax: 10,
  /** Notes one operator may post a minute. */
  perMinute: 60,
  /** Notes a conversation's list returns at most (the newest). */
  listMax: 200,
} as const;

/** An operator a note names. */
export interface NoteOperator {
  id: number;
  name: string;
}

/** A note as the console shows it. */
export interface ConversationNote {
  id: number;
  session_id: number;
  author: NoteOperator;
  /** Plain text, as typed (the console shows it as text). */
  text: string;
  /** The newest message of the conversation when the note was written (0: none): the note shows after it. */
  after_message_id: number;
  /** Milliseconds since the epoch. */
  created_at: number;
  mentions: NoteOperator[];
}

/** Bus payload on an operator channel: a note was added to a conversation that operator may read. */
export interface NotePostedPayload {
  info: 'note_posted';
  note: ConversationNote;
}

/** Bus payload on an operator channel: that operator was mentioned in a note. */
export interface NoteMentionPayload {
  info: 'note_mention';
  note: ConversationNote;
  /** The visitor's label, as the console's list shows it. */
  visitor_label: string;
}
