import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useUiText } from '../shared/ui-text-context.js';

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** Placeholder and accessible name; empty or missing gives "Ask something ...". */
  placeholder?: string;
  /** While the feedback panel is shown, or the session is over. */
  disabled?: boolean;
  /** Enter with non-blank content: the trimmed text. The field is cleared. */
  onSend(content: string): void;
  /**
   * Every change of the text, with the current value; the caller throttles the typing announcements
   * (SPEC.md §4 Typing) and clears them when the value is empty.
   */
  onTyping?(value: string): void;
}

/** The single-line composer: Enter sends, a blank message is never sent. */
export function Composer({ placeholder, disabled = false, onSend, onTyping }: ComposerProps): React.JSX.Element {
  const { t } = useUiText();
  const [value, setValue] = useState('');
  const label = placeholder && placeholder.trim() !== '' ? placeholder : t('widget.composer.placeholder');

  const onChange = (event: ChangeEvent<HTMLInputElement>): void => {
    setValue(event.target.value);
    onTyping?.(event.target.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    // An IME composition uses Enter to pick a candidate, not to send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const content = value.trim();
    if (disabled || content === '') return;
    setValue('');
    onSend(content);
  };

  return (
    <div className="lc-composer" part="composer">
      <input
        type="text"
        className="lc-composer-input"
        placeholder={label}
        aria-label={label}
        value={value}
        disabled={disabled}
        autoComplete="off"
        enterKeyHint="send"
        onChange={onChange}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}
