import { waitMinutes, type QueuePlace } from '../../protocol/queue.js';
import { useUiText } from '../shared/ui-text-context.js';

/** Props of {@link QueueNotice}. */
export interface QueueNoticeProps {
  place: QueuePlace;
}

/**
 * "You are number 2 in line, about 3 minutes" above the thread while the conversation waits for an
 * operator (issue 26): a polite status region, so a screen reader hears the place as it moves.
 */
export function QueueNotice({ place }: QueueNoticeProps): React.JSX.Element {
  const { t } = useUiText();
  const wait = place.expected_wait_ms === null ? '' : ` ${t('widget.queue.wait', { minutes: waitMinutes(place.expected_wait_ms) })}`;
  return (
    <p className="lc-queue" role="status" part="queue">
      {t('widget.queue.position', { position: place.position })}
      {wait}
    </p>
  );
}
