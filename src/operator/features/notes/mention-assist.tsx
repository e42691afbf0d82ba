import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { NoteOperator } from '../../../protocol/console/notes.js';
import { useT } from '../../core/texts.js';
import type { ComposerAssistProps } from '../../desk/pane-slots.js';
import { loadMentionable } from './notes-api.js';

/** Names offered at once, at most. */
const SHOWN_MAX = 8;

/** What follows the `@` being typed at the end of the draft (start of text or after a space), or null. */
export function mentionQuery(draft: string): string | null {
  const match = /(?:^|\s)@([^@\n]{0,40})$/.exec(draft);
  return match ? (match[1] ?? '') : null;
}

/** The draft with the `@query` at its end replaced by the operator's full `@name` and a space. */
export function withMention(draft: string, name: string): string {
  return draft.replace(/@([^@\n]{0,40})$/, `@${name} `);
}

/**
 * The `@` autocompletion of a note: while the draft ends with `@` and the start of a colleague's name, a
 * list of the channel's operators (arrows move, Enter or Tab takes one, Escape closes it).
 */
export function MentionAssist({ api, sessionId, draft, setDraft, claimKeys }: ComposerAssistProps): React.JSX.Element | null {
  const t = useT();
  const listId = useId();
  const [members, setMembers] = useState<NoteOperator[]>([]);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadMentionable(api, sessionId).then((list) => live && setMembers(list), () => undefined);
    return () => {
      live = false;
    };
  }, [api, sessionId]);

  const query = mentionQuery(draft);
  const options = useMemo(() => {
    if (query === null) return [];
    const q = query.toLowerCase();
    return members.filter((m) => m.name.toLowerCase().startsWith(q)).slice(0, SHOWN_MAX);
  }, [members, query]);
  const open = query !== null && options.length > 0 && dismissed !== draft;
  const current = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (i: number) => `${listId}-${i}`;

  const take = (m: NoteOperator) => {
    setDraft(withMention(draft, m.name));
    setActive(0);
  };
  // The key handler reads the latest state; the claim itself changes only when what it names does.
  const keys = useRef<(e: KeyboardEvent<HTMLTextAreaElement>) => boolean>(() => false);
  keys.current = (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + options.length) % options.length);
      return true;
    }
    if (e.key === 'Enter' || e.key === 'Tab') {
      const chosen = options[current];
      if (chosen) take(chosen);
      return chosen !== undefined;
    }
    if (e.key === 'Escape') {
      setDismissed(draft);
      return true;
    }
    return false;
  };
  useEffect(() => {
    if (!open) {
      claimKeys(null);
      return;
    }
    claimKeys({
      onKeyDown: (e) => keys.current(e),
      // A text area may take no combobox role (ARIA in HTML): it stays a text box that names its list and active option.
      inputProps: { 'aria-autocomplete': 'list', 'aria-controls': listId, 'aria-activedescendant': `${listId}-${current}` },
    });
  }, [open, current, listId, claimKeys]);
  useEffect(() => () => claimKeys(null), [claimKeys]);

  if (!open) return null;
  return (
    <ul role="listbox" id={listId} aria-label={t('operator.notes.mentionList')} className="op-mention-list">
      {options.map((m, i) => (
        <li
          key={m.id}
          id={optionId(i)}
          role="option"
          aria-selected={i === current}
          className="op-mention-option"
          // Keeps the focus in the text field while a name is clicked.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => take(m)}
        >
          <span dir="auto">{m.name}</span>
        </li>
      ))}
    </ul>
  );
}
