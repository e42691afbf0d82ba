import { useRef, type ChangeEvent } from 'react';
import { useT } from '../../core/texts.js';

/** A paper clip, as the widget's composer shows. */
const CLIP_ICON = 'M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6z';

/** Props of {@link AttachButton}. */
export interface AttachButtonProps {
  /** While files are on their way: the button says so and takes no more. */
  sending: boolean;
  onFiles(files: File[]): void;
}

/**
 * "Attach files": a button like the widget's that opens the browser's file chooser, which stays hidden
 * behind it (a bare file input shows the browser's own "No file chosen" text, and its name is not ours).
 */
export function AttachButton({ sending, onFiles }: AttachButtonProps): React.JSX.Element {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>): void => {
    const files = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again (after a failure) still reports it.
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <>
      <input ref={input} type="file" multiple hidden onChange={onChange} />
      <button type="button" className="op-attach" disabled={sending} onClick={() => input.current?.click()}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
          <path d={CLIP_ICON} />
        </svg>
        {sending ? t('operator.attachments.sending') : t('operator.attachments.attach')}
      </button>
    </>
  );
}
