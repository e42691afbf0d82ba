import { useLayoutEffect, useRef, useState, type ChangeEvent, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { typedTextDir } from '../../platform/i18n/direction.js';
import { useUiText } from '../shared/ui-text-context.js';

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** Placeholder and accessible name; empty or missing gives "Ask something ...". */
  placeholder?: string;
  /** While the feedback panel is shown, or the session is over. */
  disabled?: boolean;
  /** The text the field starts with (a message kept from a conversation that was gone); read once. */
  initialValue?: string;
  /** Enter or "Send" with non-blank content: the trimmed text. The field is cleared. */
  onSend(content: string): void;
  /**
   * Every change of the text, with the current value; the caller throttles the typing announcements
   * (SPEC.md §4 Typing) and clears them when the value is empty.
   */
  onTyping?(value: string): void;
  /** Files chosen with "Attach a file" or pasted into the field; without it there is no such button (issue 15). */
  onAttach?(files: File[]): void;
  /** What the file chooser offers: MIME types or `type/*`, comma-separated. */
  accept?: string;
}

/** Lines the field grows to before it scrolls. */
const MAX_LINES = 5;

const SEND_ICON = 'M3 20.5 21 12 3 3.5v6.6L15 12 3 13.9z';
const CLIP_ICON = 'M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6z';

/**
 * Sizes the field to its content up to {@link MAX_LINES} lines. CSS `field-sizing: content` would do it
 * without script, but Safari and Firefox do not support it yet.
 */
function fitHeight(field: HTMLTextAreaElement): void {
  const style = getComputedStyle(field);
  const line = parseFloat(style.lineHeight) || 20;
  const chrome = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
  field.style.height = 'auto';
  field.style.height = `${Math.min(field.scrollHeight + parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth), line * MAX_LINES + chrome)}px`;
}

/** The composer: a text field that grows to five lines (Enter sends, Shift+Enter breaks the line) and a Send button. */
export function Composer({ placeholder, disabled = false, initialValue = '', onSend, onTyping, onAttach, accept }: ComposerProps): React.JSX.Element {
  const { t } = useUiText();
  const [value, setValue] = useState(initialValue);
  const field = useRef<HTMLTextAreaElement>(null);
  const label = placeholder && placeholder.trim() !== '' ? placeholder : t('widget.composer.placeholder');
  const blank = value.trim() === '';

  useLayoutEffect(() => {
    if (field.current) fitHeight(field.current);
  }, [value]);

  const send = (): void => {
    const content = value.trim();
    if (disabled || content === '') return;
    setValue('');
    onSend(content);
  };
  const onChange = (event: ChangeEvent<HTMLTextAreaElement>): void => {
    setValue(event.target.value);
    onTyping?.(event.target.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    // An IME composition uses Enter to pick a candidate, not to send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>): void => {
    const files = [...event.clipboardData.files];
    if (!onAttach || files.length === 0) return;
    event.preventDefault();
    onAttach(files);
  };
  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    send();
    // The visitor goes on typing where they were, also after pressing the button.
    field.current?.focus();
  };

  return (
    <form className="lc-composer" part="composer" onSubmit={onSubmit}>
      <textarea
        ref={field}
        rows={1}
        className="lc-composer-input"
        dir={typedTextDir(value)}
        placeholder={label}
        aria-label={label}
        value={value}
        disabled={disabled}
        autoComplete="off"
        enterKeyHint="send"
        onChange={onChange}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      {onAttach ? <AttachButton accept={accept} disabled={disabled} onAttach={onAttach} /> : null}
      <button type="submit" className="lc-composer-send" aria-label={t('widget.composer.send')} title={t('widget.composer.send')} disabled={disabled || blank}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
          <path d={SEND_ICON} />
        </svg>
      </button>
    </form>
  );
}

/** "Attach a file": a button that opens the browser's file chooser, hidden behind it. */
function AttachButton({ accept, disabled, onAttach }: { accept: string | undefined; disabled: boolean; onAttach(files: File[]): void }): React.JSX.Element {
  const { t } = useUiText();
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>): void => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again still reports it.
    event.target.value = '';
    if (files.length > 0) onAttach(files);
  };
  return (
    <>
      <input ref={input} type="file" multiple hidden accept={accept} onChange={onChange} />
      <button type="button" className="lc-composer-send lc-attach" aria-label={t('widget.composer.attach')} title={t('widget.composer.attach')} disabled={disabled} onClick={() => input.current?.click()}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="currentColor">
          <path d={CLIP_ICON} />
        </svg>
      </button>
    </>
  );
}
