import { useEffect, useMemo, useState } from 'react';
import { RATES } from '../../protocol/livechat.js';
import { markHandled, reasonText } from '../../platform/errors.js';
import { loadStatistics, type Statistics, type StatisticsSource } from '../statistics.js';
import { useLocale, useT } from '../texts.js';

/** Props of {@link StatisticsPanel}. */
export interface StatisticsPanelProps {
  source: StatisticsSource;
  /** Changes whenever the numbers may have changed (a new rating or conversation): the panel reads again. */
  refreshKey: number;
  /** Epoch ms "now", for the window of days. */
  now(): number;
}

type Load = { kind: 'loading' } | { kind: 'ready'; stats: Statistics } | { kind: 'failed'; reason: string };

// Days are UTC days (the server groups per UTC day), so they are shown in UTC too.
const dayFormatOf = (locale: string): Intl.DateTimeFormat => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Conversations per day and the 5/3/1 split of ratings, as two tables. */
export function StatisticsPanel({ source, refreshKey, now }: StatisticsPanelProps): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const dayFormat = useMemo(() => dayFormatOf(locale), [locale]);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    loadStatistics(source, now()).then(
      (stats) => current && setLoad({ kind: 'ready', stats }),
      (err: unknown) => {
        markHandled(err);
        if (current) setLoad({ kind: 'failed', reason: reasonText(err) });
      },
    );
    return () => {
      current = false;
    };
  }, [source, refreshKey, now]);

  return (
    <section className="op-stats" aria-labelledby="op-stats-heading">
      <h2 id="op-stats-heading">{t('operator.stats.heading')}</h2>
      {load.kind === 'loading' ? <p role="status">{t('operator.stats.loading')}</p> : null}
      {load.kind === 'failed' ? <p role="alert" className="op-error">{t('operator.error.generic', { reason: load.reason })}</p> : null}
      {load.kind === 'ready' ? (
        <>
          <table>
            <caption>{t('operator.stats.perDay')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('operator.stats.day')}</th>
                <th scope="col">{t('operator.stats.conversations')}</th>
              </tr>
            </thead>
            <tbody>
              {load.stats.perDay.map(({ day, count }) => (
                <tr key={day}>
                  <th scope="row">
                    <time dateTime={day}>{dayFormat.format(new Date(`${day}T00:00:00Z`))}</time>
                  </th>
                  <td>{count}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table>
            <caption>{t('operator.stats.ratings')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('operator.stats.rating')}</th>
                <th scope="col">{t('operator.stats.count')}</th>
              </tr>
            </thead>
            <tbody>
              {RATES.map((rate) => (
                <tr key={rate}>
                  <th scope="row">{t('operator.stats.rate', { rate: String(rate) })}</th>
                  <td>{load.stats.ratings[rate]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}
