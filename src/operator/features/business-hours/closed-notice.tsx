import { useEffect, useState } from 'react';
import type { ClosedChannel } from '../../../protocol/business-hours.js';
import { markHandled } from '../../../platform/errors.js';
import { useLocale, useT } from '../../core/texts.js';
import type { HoursApi } from './hours-api.js';

/** How often the desk asks which channels are closed: openings and closings show within this. */
export const CLOSED_REFRESH_MS = 60_000;

/** Keeps the caller's channels closed by their hours, asked now and every minute; a failure keeps the last answer. */
export function useClosedChannels(api: Pick<HoursApi, 'closed'>, refreshMs = CLOSED_REFRESH_MS): ClosedChannel[] {
  const [closed, setClosed] = useState<ClosedChannel[]>([]);
  useEffect(() => {
    let live = true;
    const ask = () =>
      api.closed().then(
        (list) => live && setClosed(list),
        (err: unknown) => markHandled(err),
      );
    void ask();
    const timer = setInterval(() => void ask(), refreshMs);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, refreshMs]);
  return closed;
}

/**
 * Above the conversation list: which of the operator's channels are outside their business hours, and
 * when they open. Visitors see no button there meanwhile; open conversations go on as before.
 */
export function ClosedNotice({ api, refreshMs }: { api: Pick<HoursApi, 'closed'>; refreshMs?: number }): React.JSX.Element | null {
  const t = useT();
  const locale = useLocale();
  const closed = useClosedChannels(api, refreshMs);
  if (closed.length === 0) return null;
  const when = new Intl.DateTimeFormat(locale, { weekday: 'short', hour: 'numeric', minute: '2-digit' });
  return (
    <section className="op-hours-closed" aria-label={t('operator.business-hours.outside')}>
      <strong>{t('operator.business-hours.outside')}</strong>
      <ul>
        {closed.map((c) => (
          <li key={c.channel_id}>{c.reopens_at === null ? c.name : t('operator.business-hours.reopens', { name: c.name, when: when.format(c.reopens_at) })}</li>
        ))}
      </ul>
      <p className="op-hint">{t('operator.business-hours.stillAnswer')}</p>
    </section>
  );
}
