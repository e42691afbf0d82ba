import { useEffect, useId, useState } from 'react';
import { markHandled } from '../../../platform/errors.js';
import type { QueueEntry } from '../../../protocol/queue.js';
import type { QueueTakeParams } from '../../../protocol/schemas/queue.js';
import { useMinuteNow } from '../../../ui/shared/minute-clock.js';
import { useStoreValue } from '../../../ui/shared/use-store-value.js';
import { useT } from '../../core/texts.js';
import type { ListControlProps } from '../../desk/list-slots.js';
import { queueVersionAtom } from './queue-atoms.js';

/**
 * Above the conversation list, while visitors wait (issue 26): who waits and for how long, "Take next"
 * (the one waiting longest) and "Take" for each. Read again whenever the bus says a queue changed.
 */
export function QueueList({ api, store }: ListControlProps): React.JSX.Element | null {
  const t = useT();
  const headingId = useId();
  const version = useStoreValue(store, queueVersionAtom);
  const now = useMinuteNow().getTime();
  const [entries, setEntries] = useState<readonly QueueEntry[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api.queue().then(setEntries, markHandled);
  }, [api, version]);
  if (entries.length === 0) return null;

  const take = (target: QueueTakeParams) => {
    setFailed(false);
    api.takeFromQueue(target).then(
      () => store.set(queueVersionAtom, (v) => v + 1),
      (err: unknown) => {
        markHandled(err);
        setFailed(true);
        store.set(queueVersionAtom, (v) => v + 1);
      },
    );
  };
  const longest = entries.reduce((a, b) => (b.queued_at < a.queued_at ? b : a));
  return (
    <section className="op-queue" aria-labelledby={headingId}>
      <div className="op-queue-head">
        <h2 id={headingId}>{t('operator.queue.title', { count: entries.length })}</h2>
        <button type="button" onClick={() => take({ channel_id: longest.channel_id })}>
          {t('operator.queue.takeNext')}
        </button>
      </div>
      <ul>
        {entries.map((entry) => (
          <li key={entry.session_id}>
            <span dir="auto">{entry.name}</span>
            <span className="op-queue-wait">{t('operator.queue.waited', { minutes: Math.max(0, Math.floor((now - entry.queued_at) / 60_000)) })}</span>
            <button type="button" aria-label={t('operator.queue.takeOne', { name: entry.name })} onClick={() => take({ session_id: entry.session_id })}>
              {t('operator.queue.take')}
            </button>
          </li>
        ))}
      </ul>
      {failed ? <p role="alert">{t('operator.queue.takeFailed')}</p> : null}
    </section>
  );
}
