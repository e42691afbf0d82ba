import type { ConsoleFeature } from '../../app/registry.js';
import type { ComposerMode } from '../../desk/pane-slots.js';
import { composerModeCommand } from '../../desk/desk-commands.js';
import { MentionAssist } from './mention-assist.js';
import { NoteEntries } from './note-entries.js';
import { postNote } from './notes-api.js';
import { notesBusHandler } from './notes-bus.js';
import { addNoteAtom } from './notes-state.js';

/** The composer's "Note" mode: the text is stored as a note of the conversation, for operators only. */
export const noteMode: ComposerMode = {
  id: 'note',
  label: 'operator.notes.mode',
  fieldLabel: 'operator.notes.field',
  placeholder: 'operator.notes.placeholder',
  className: 'op-composer-note',
  async send({ api, store }, sessionId, text) {
    store.set(addNoteAtom, await postNote(api, sessionId, text));
  },
  Assist: MentionAssist,
};

/** Internal notes with `@` mentions: a composer mode, the notes among the messages, and mention notices. */
export const notes: ConsoleFeature = {
  pane: { composerModes: [noteMode], timeline: [NoteEntries] },
  busHandlers: [notesBusHandler],
  // Alt: it works from the composer too; P as in other desks' "private note".
  commands: [composerModeCommand(noteMode, 'note-mode', 'operator.notes.command', { key: 'p', alt: true })],
};
