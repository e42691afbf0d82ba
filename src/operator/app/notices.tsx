import { useEffect, useRef, useState } from 'react';
import { systemClock, type Clock } from '../../platform/time/clock.js';
import type { UserNotice } from '../../platform/notify/notifier.js';
import { NOTICE_DISMISS_MS } from '../core/notice-policy.js';
import { useT } from '../core/texts.js';

/** An in-page notice with its key. */
export interface ShownNotice extends UserNotice {
  id: number;
}

const realClock = systemClock();

/** Props of {@link Notices}. */
export interface NoticesProps {
  notices: ShownNotice[];
  onDismiss(id: number): void;
  /** Times the automatic dismissal; tests pass a fake one. */
  clock?: Clock;
}

/**
 * The in-page notices (used when desktop notifications are not permitted). Each one goes away by itself
 * after {@link NOTICE_DISMISS_MS}, except while the pointer or the keyboard focus is on it, so nobody loses
 * a notice they are reading; its Dismiss button (or Escape inside it) removes it at once.
 */
export function Notices({ notices, onDismiss, clock = realClock }: NoticesProps): React.JSX.Element {
  const t = useT();
  return (
    <div className="op-notices-anchor">
      <section className="op-notices" aria-label={t('operator.notice.region')} role="status" aria-live="polite">
        {notices.map((n) => (
          <NoticeItem key={n.id} notice={n} clock={clock} onDismiss={onDismiss} />
        ))}
      </section>
    </div>
  );
}

/** Why a notice stays: the operator's pointer or keyboard focus is on it. */
type Hold = { hovered: boolean; focused: boolean };

function NoticeItem({ notice, clock, onDismiss }: { notice: ShownNotice; clock: Clock; onDismiss(id: number): void }): React.JSX.Element {
  const t = useT();
  const [hold, setHold] = useState<Hold>({ hovered: false, focused: false });
  const held = hold.hovered || hold.focused;
  const { id } = notice;
  // The parent may pass a new callback on every render; the countdown must not restart because of it.
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  // The countdown starts afresh whenever the operator moves away, so a notice never vanishes right after
  // the pointer leaves it.
  useEffect(() => {
    if (held) return;
    const handle = clock.setTimeout(() => dismissRef.current(id), NOTICE_DISMISS_MS);
    return () => clock.clearTimeout(handle);
  }, [held, clock, id]);

  const titleId = `op-notice-${id}`;
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      className="op-notice"
      onMouseEnter={() => setHold((h) => ({ ...h, hovered: true }))}
      onMouseLeave={() => setHold((h) => ({ ...h, hovered: false }))}
      onFocus={() => setHold((h) => ({ ...h, focused: true }))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHold((h) => ({ ...h, focused: false }));
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDismiss(id);
      }}
    >
      <strong id={titleId}>{notice.title}</strong> {notice.body ? <span className="op-notice-body">{notice.body}</span> : null}{' '}
      <button type="button" onClick={() => onDismiss(id)}>
        {t('operator.notice.dismiss')}
      </button>
    </div>
  );
}
