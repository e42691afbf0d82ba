import type { UserNotice } from '../../platform/notify/notifier.js';
import { useT } from '../texts.js';

/** An in-page notice with its key. */
export interface ShownNotice extends UserNotice {
  id: number;
}

/** The in-page notices (used when desktop notifications are not permitted), each dismissible. */
export function Notices({ notices, onDismiss }: { notices: ShownNotice[]; onDismiss(id: number): void }): React.JSX.Element {
  const t = useT();
  return (
    <section className="op-notices" aria-label={t('operator.notice.region')} role="status" aria-live="polite">
      {notices.map((n) => (
        <div key={n.id} className="op-notice">
          <strong>{n.title}</strong> <span>{n.body}</span>{' '}
          <button type="button" onClick={() => onDismiss(n.id)}>
            {t('operator.notice.dismiss')}
          </button>
        </div>
      ))}
    </section>
  );
}
