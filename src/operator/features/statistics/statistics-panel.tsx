import { useMemo } from 'react';
import { RATES } from '../../../protocol/livechat.js';
import { loadStatistics, type StatisticsSource } from './statistics.js';
import { useLocale, useT } from '../../core/texts.js';
import { useLoaded } from '../../core/use-loaded.js';
import { ErrorLine } from '../../core/outcome-lines.js';

/** Props of {@link StatisticsPanel}. */
export interface StatisticsPanelProps {
  source: StatisticsSource;
  /** Changes whenever the numbers may have changed (a new rating or conversation): the panel reads again. */
  refreshKey: number;
  /** Epoch ms "now", for the window of days. */
  now(): number;
}

// Days are UTC days (the server groups per UTC day), so they are shown in UTC too.
const dayFormatOf = (locale: string): Intl.DateTimeFormat => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** Props of {@link CountTable}. */
interface CountTableProps {
  caption: string;
  /** The headers of the row-name column and of the count column. */
  headers: [string, string];
  /** Each row: its key, its name and its count. */
  rows: [key: string | number, name: React.ReactNode, count: number][];
}

/** A table of counts: one named row each, the names as row headers. */
function CountTable({ caption, headers, rows }: CountTableProps): React.JSX.Element {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{headers[0]}</th>
          <th scope="col">{headers[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, name, count]) => (
          <tr key={key}>
            <th scope="row">{name}</th>
            <td>{count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Conversations per day and the 5/3/1 split of ratings, as two tables. */
export function StatisticsPanel({ source, refreshKey, now }: StatisticsPanelProps): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const dayFormat = useMemo(() => dayFormatOf(locale), [locale]);
  const load = useLoaded(() => loadStatistics(source, now()), [source, refreshKey, now]);

  return (
    <section className="op-stats" aria-labelledby="op-stats-heading">
      <h2 id="op-stats-heading">{t('operator.statistics.heading')}</h2>
      {load.kind === 'loading' ? <p role="status">{t('operator.common.loading')}</p> : null}
      <ErrorLine text={load.kind === 'failed' ? t('operator.common.error', { reason: load.reason }) : undefined} />
      {load.kind === 'ready' ? (
        <>
          <CountTable
            caption={t('operator.statistics.perDay')}
            headers={[t('operator.statistics.day'), t('operator.statistics.conversations')]}
            rows={load.value.perDay.map(({ day, count }) => [day, <time dateTime={day}>{dayFormat.format(new Date(`${day}T00:00:00Z`))}</time>, count])}
          />
          <CountTable
            caption={t('operator.statistics.ratings')}
            headers={[t('operator.statistics.rating'), t('operator.statistics.count')]}
            rows={RATES.map((rate) => [rate, t('operator.statistics.rate', { rate: String(rate) }), load.value.ratings[rate]])}
          />
        </>
      ) : null}
    </section>
  );
}
