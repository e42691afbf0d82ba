import { useUiText } from './ui-text-context.js';

/** How loud a {@link Notice} is: errors interrupt (role alert), info waits (role status). */
export type NoticeKind = 'error' | 'info';

/** Props of {@link Notice}. */
export interface NoticeProps {
  kind?: NoticeKind;
  /** Already translated text, e.g. "No available collaborator, please try again later.". */
  message: string;
  /** Optional second line: a message's own text, shown in its own direction (an English message in an Arabic widget). */
  detail?: string;
  /** When given, a "Close" button lets the visitor dismiss the notice; otherwise it is sticky. */
  onDismiss?(): void;
}

/** A sticky notification at the bottom of the page, e.g. for SPEC.md §8 errors. */
export function Notice({ kind = 'error', message, detail, onDismiss }: NoticeProps): React.JSX.Element {
  const { t, dir } = useUiText();
  return (
    <div className="lc-notice" data-kind={kind} role={kind === 'error' ? 'alert' : 'status'} dir={dir} part="notice">
      <div className="lc-notice-text">
        <strong>{message}</strong>
        {detail ? <span dir="auto">{detail}</span> : null}
      </div>
      {onDismiss ? (
        <button type="button" className="lc-icon-button" aria-label={t('widget.window.close')} onClick={() => onDismiss()}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
