import { waitMinutes, type QueuePlace } from '../../protocol/queue.js';
import { useUiText } from '../shared/ui-text-context.js';

/** Props of {@link QueueNotice}. */
export interface QueueNoticeProps {
  place: QueuePlace;
  /** The visitor leaves the queue, which ends the waiting conversation. */
  onLeave(): void;
}

/**
 * "You are number 2 in line, about 3 minutes" above the thread while the conversation waits for an
 * operator (issue 26): a polite status region, so a screen reader hears the place as it moves. The
 * "Leave the queue" button sits outside it, so the region announces only the place.
 */
export function QueueNotice({ place, onLeave }: QueueNoticeProps): React.JSX.Element {
  const { t } = useUiText();
  const wait = place.expected_wait_ms === null ? '' : ` ${t('widget.queue.wait', { minutes: waitMinutes(place.expected_wait_ms) })}`;
  return (
    <div className="lc-queue-bar">
      <p className="lc-queue" role="status" part="queue">
        {t('widget.queue.position', { position: place.position })}
        {wait}
      </p>
      <button type="button" className="lc-link-button" onClick={onLeave}>
        {t('widget.queue.leave')}
      </button>
    </div>
  );
}
