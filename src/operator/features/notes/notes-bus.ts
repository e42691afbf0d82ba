import type { BusHandler } from '../../app/registry.js';
import { addNoteAtom, decodeNote } from './notes-state.js';

/**
 * Notes told by the bus (on the operator's own channel): a colleague's note joins its conversation, and
 * a mention of this operator raises a notice naming who wrote it and where.
 */
export const notesBusHandler: BusHandler = (event, store, { showNotice, t }) => {
  if (event.kind !== 'info') return;
  const note = decodeNote(event.payload.note);
  if (!note) return;
  if (event.info === 'note_posted') store.set(addNoteAtom, note);
  if (event.info === 'note_mention') {
    const label = typeof event.payload.visitor_label === 'string' ? event.payload.visitor_label : t('widget.defaultUsername');
    showNotice({ title: t('operator.notes.mentioned', { author: note.author.name, name: label }), body: note.text, tag: `note-${note.id}` });
  }
};
