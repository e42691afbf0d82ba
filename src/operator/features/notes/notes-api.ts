/** The notes routes as the console calls them (protocol/console/notes.ts). */
import type { OperatorApi } from '../../core/api.js';
import type { OnSessionParams } from '../../../protocol/schemas/console-params.js';
import type { PostNoteParams } from '../../../protocol/schemas/notes.js';
import { MENTIONABLE_ROUTE, NOTES_ROUTE, POST_NOTE_ROUTE, type ConversationNote, type NoteOperator } from '../../../protocol/console/notes.js';

/** A conversation's notes, oldest first. */
export function loadNotes(api: OperatorApi, sessionId: number): Promise<ConversationNote[]> {
  return api.call<ConversationNote[]>(NOTES_ROUTE, { session_id: sessionId } satisfies OnSessionParams, { silent: true });
}

/** Stores a note; resolves with it as stored. */
export function postNote(api: OperatorApi, sessionId: number, text: string): Promise<ConversationNote> {
  return api.call<ConversationNote>(POST_NOTE_ROUTE, { session_id: sessionId, text } satisfies PostNoteParams);
}

/** The colleagues a note of the conversation may mention. */
export function loadMentionable(api: OperatorApi, sessionId: number): Promise<NoteOperator[]> {
  return api.call<NoteOperator[]>(MENTIONABLE_ROUTE, { session_id: sessionId } satisfies OnSessionParams, { silent: true });
}
