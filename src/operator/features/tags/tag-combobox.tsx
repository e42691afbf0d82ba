import { useId, useState, type Ref } from 'react';
import { TAG_NAME_MAX, normalTagName, tagNameKey, type ConversationTagInfo } from '../../../protocol/console/tags.js';
import { useT } from '../../core/texts.js';

/** Suggestions shown at most. */
const SUGGESTIONS_MAX = 8;

/** One choice of the list: an existing tag, or making one of the typed name. */
type Choice = { kind: 'tag'; tag: ConversationTagInfo } | { kind: 'new'; name: string };

/** The choices for what is typed: the channel's tags containing it, then a new tag when none has that name. */
export function choicesFor(text: string, available: readonly ConversationTagInfo[]): Choice[] {
  const name = normalTagName(text);
  const key = tagNameKey(name);
  const matching = available.filter((t) => tagNameKey(t.name).includes(key)).slice(0, SUGGESTIONS_MAX);
  const choices: Choice[] = matching.map((tag) => ({ kind: 'tag', tag }));
  if (name !== '' && !available.some((t) => tagNameKey(t.name) === key)) choices.push({ kind: 'new', name });
  return choices;
}

/** Props of {@link TagCombobox}. */
export interface TagComboboxProps {
  /** The channel's tags not on the conversation yet. */
  available: readonly ConversationTagInfo[];
  /** Adds the tag of that name; resolves once done (the field empties), rejects to keep the text. */
  onPick(name: string): Promise<void>;
  disabled?: boolean;
  /** The text field, for those that move the focus to it. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A text field with a list of suggestions (the ARIA combobox pattern): typing filters the channel's tags,
 * arrows move through them, Enter adds the one shown active (or the typed name), Escape closes the list.
 */
export function TagCombobox({ available, onPick, disabled = false, inputRef }: TagComboboxProps): React.JSX.Element {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const choices = open ? choicesFor(text, available) : [];
  const expanded = choices.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const pick = (name: string) => {
    if (normalTagName(name) === '') return;
    setOpen(false);
    setActive(-1);
    onPick(name).then(
      () => setText(''),
      () => undefined,
    );
  };
  const nameOf = (c: Choice) => (c.kind === 'tag' ? c.tag.name : c.name);

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const n = choices.length;
      if (n > 0) setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : (a <= 0 ? n : a) - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = choices[active];
      pick(chosen ? nameOf(chosen) : text);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="op-tag-combobox">
      <label htmlFor={`${id}-input`}>{t('operator.tags.inputLabel')}</label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        maxLength={TAG_NAME_MAX}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && active >= 0 && active < choices.length ? optionId(active) : undefined}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={`${id}-listbox`} role="listbox" aria-label={t('operator.tags.suggestions')} hidden={!expanded}>
        {choices.map((c, i) => (
          <li
            key={c.kind === 'tag' ? c.tag.id : 'new'}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keeps the focus in the field, so the list does not close before the click.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(nameOf(c))}
          >
            {c.kind === 'tag' ? <span dir="auto">{c.tag.name}</span> : t('operator.tags.create', { name: c.name })}
          </li>
        ))}
      </ul>
    </div>
  );
}
