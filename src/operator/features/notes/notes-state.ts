/** The notes the desk holds, per conversation, and the bus payloads that bring more. */
import { atom } from 'jotai/vanilla';
import type { ConversationNote, NoteOperator } from '../../../protocol/console/notes.js';

/** Notes by conversation id, each list oldest first. */
export const notesAtom = atom<Readonly<Record<number, readonly ConversationNote[]>>>({});

/** Replaces a conversation's notes (read from the server), keeping any that arrived meanwhile. */
export const setNotesAtom = atom(null, (get, set, sessionId: number, notes: readonly ConversationNote[]) => {
  set(notesAtom, { ...get(notesAtom), [sessionId]: merged(notes, get(notesAtom)[sessionId] ?? []) });
});

/** Adds one note (posted here, or told by the bus), once. */
export const addNoteAtom = atom(null, (get, set, note: ConversationNote) => {
  set(notesAtom, { ...get(notesAtom), [note.session_id]: merged(get(notesAtom)[note.session_id] ?? [], [note]) });
});

function merged(a: readonly ConversationNote[], b: readonly ConversationNote[]): ConversationNote[] {
  const byId = new Map<number, ConversationNote>();
  for (const n of [...a, ...b]) byId.set(n.id, n);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

function decodeOperator(v: unknown): NoteOperator | undefined {
  return isRecord(v) && isInt(v.id) && typeof v.name === 'string' ? { id: v.id, name: v.name } : undefined;
}

/** Reads an untrusted bus payload's note, or nothing. */
export function decodeNote(v: unknown): ConversationNote | undefined {
  if (!isRecord(v) || !isInt(v.id) || !isInt(v.session_id) || typeof v.text !== 'string' || !isInt(v.after_message_id) || !isInt(v.created_at)) return undefined;
  const author = decodeOperator(v.author);
  if (!author) return undefined;
  const mentions = Array.isArray(v.mentions) ? v.mentions.map(decodeOperator).filter((m): m is NoteOperator => m !== undefined) : [];
  return { id: v.id, session_id: v.session_id, author, text: v.text, after_message_id: v.after_message_id, created_at: v.created_at, mentions };
}
