import { useEffect, useMemo } from 'react';
import { useStoreValue } from '../../../ui/shared/use-store-value.js';
import { useLocale, useT } from '../../core/texts.js';
import type { TimelineProps } from '../../desk/pane-slots.js';
import { timelineItemKey } from '../../desk/use-found-item.js';
import { loadNotes } from './notes-api.js';
import { notesAtom, setNotesAtom } from './notes-state.js';

/**
 * The conversation's notes at one place among its messages: those written after message `after`, or
 * with `after` 0 those older than every message shown. That first place (drawn once per list) also reads
 * the notes from the server when the conversation opens.
 */
export function NoteEntries({ api, store, conversation: c, after }: TimelineProps): React.JSX.Element | null {
  const t = useT();
  const locale = useLocale();
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }), [locale]);
  const all = useStoreValue(store, notesAtom)[c.id];
  useEffect(() => {
    if (after !== 0) return;
    let live = true;
    // A failed read leaves the notes that arrived by the bus; the next opening reads them again.
    loadNotes(api, c.id).then((notes) => live && store.set(setNotesAtom, c.id, notes), () => undefined);
    return () => {
      live = false;
    };
  }, [api, store, c.id, after]);
  const firstShown = Number(c.messages[0]?.id ?? Number.POSITIVE_INFINITY);
  const here = (all ?? []).filter((n) => (after === 0 ? n.after_message_id < firstShown : n.after_message_id === after));
  if (here.length === 0) return null;
  return (
    <>
      {here.map((n) => (
        <li key={`note-${n.id}`} className="op-message op-note" data-item={timelineItemKey({ kind: 'note', id: n.id })}>
          <div className="op-message-meta">
            <span className="op-note-label">{t('operator.notes.label')}</span>{' '}
            <span className="op-message-author" dir="auto">
              {n.author.name}
            </span>{' '}
            <time dateTime={new Date(n.created_at).toISOString()}>{time.format(n.created_at)}</time>
          </div>
          <p className="op-note-text" dir="auto">
            {n.text}
          </p>
        </li>
      ))}
    </>
  );
}
