/** Reports → Live now: the queue, open conversations and operators online, read again every 15 seconds. */
import { useEffect, useState } from 'react';
import type { ReportsLive } from '../../../protocol/console/reports-breakdown.js';
import { toCsv } from '../../core/csv.js';
import { CsvDownload } from '../../core/csv-download.js';
import { formatDuration } from '../../core/durations.js';
import { useLocale, useT } from '../../core/texts.js';
import { useLoaded } from '../../core/use-loaded.js';
import { loadLive } from './breakdown-api.js';
import { Failed } from './report-load.js';
import type { ReportsApi } from './reports-api.js';
import { ScrollTable } from './scroll-table.js';

/** How often the live figures are read again while the page is visible. */
export const LIVE_REFRESH_MS = 15_000;

/**
 * A count that grows every `ms` while the page is visible, and at once when it becomes visible again: a
 * hidden tab asks nothing (a console left open all night would otherwise spend the report allowance).
 */
function useVisibleTicks(ms: number): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      if (timer === undefined && !document.hidden) timer = setInterval(() => setTick((n) => n + 1), ms);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const follow = () => {
      if (document.hidden) return stop();
      setTick((n) => n + 1);
      start();
    };
    start();
    document.addEventListener('visibilitychange', follow);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', follow);
    };
  }, [ms]);
  return tick;
}

/** The moment the figures were read, as the CSVs write it: ISO 8601 in UTC (`Z`), to the second. */
const momentOf = (now: number) => new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Channels now as CSV: one record per channel, the longest wait in seconds, the moment read in each. */
export function channelsNowCsv(live: ReportsLive): string {
  const at = momentOf(live.now);
  return toCsv(
    ['channel_id', 'channel', 'waiting', 'longest_wait (s)', 'open', 'operators_online', 'at'],
    live.channels.map((c) => [c.channel_id, c.name, c.waiting, c.longest_wait_ms === null ? null : c.longest_wait_ms / 1000, c.open, c.operators.length, at]),
  );
}

/** Operators online now as CSV: one record per operator and channel; an empty capacity is no limit. */
export function operatorsNowCsv(live: ReportsLive): string {
  const at = momentOf(live.now);
  return toCsv(
    ['operator_id', 'operator', 'channel_id', 'channel', 'load', 'capacity', 'at'],
    live.channels.flatMap((c) => c.operators.map((o) => [o.id, o.name, c.channel_id, c.name, o.load, o.capacity, at])),
  );
}

function ChannelsNow({ live }: { live: ReportsLive }): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const count = new Intl.NumberFormat(locale);
  const caption = t('operator.reports.liveQueueCaption');
  return (
    <>
      <CsvDownload name={caption} fileName={`reports-live-channels-${momentOf(live.now).replaceAll(':', '-')}.csv`} csv={() => channelsNowCsv(live)} />
      <ScrollTable
        caption={caption}
        columns={[t('operator.reports.channel'), t('operator.reports.waiting'), t('operator.reports.longestWait'), t('operator.reports.open'), t('operator.reports.online')]}
      >
        {live.channels.map((c) => (
          <tr key={c.channel_id}>
            <th scope="row">{c.name}</th>
            <td>{count.format(c.waiting)}</td>
            <td>{c.longest_wait_ms === null ? '—' : formatDuration(c.longest_wait_ms, locale)}</td>
            <td>{count.format(c.open)}</td>
            <td>{count.format(c.operators.length)}</td>
          </tr>
        ))}
      </ScrollTable>
    </>
  );
}

function OperatorsNow({ live }: { live: ReportsLive }): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const count = new Intl.NumberFormat(locale);
  const caption = t('operator.reports.liveOperatorsCaption');
  const lines = live.channels.flatMap((c) => c.operators.map((o) => ({ channel: c.name, key: `${c.channel_id}-${o.id}`, ...o })));
  if (lines.length === 0) return <p>{t('operator.reports.nobodyOnline')}</p>;
  return (
    <>
      <CsvDownload name={caption} fileName={`reports-live-operators-${momentOf(live.now).replaceAll(':', '-')}.csv`} csv={() => operatorsNowCsv(live)} />
      <ScrollTable caption={caption} columns={[t('operator.reports.operator'), t('operator.reports.channel'), t('operator.reports.load')]}>
        {lines.map((o) => (
          <tr key={o.key}>
            <th scope="row">{o.name}</th>
            <td>{o.channel}</td>
            <td>
              {o.capacity === null
                ? t('operator.reports.loadNoLimit', { load: count.format(o.load) })
                : t('operator.reports.loadOfCapacity', { load: count.format(o.load), capacity: count.format(o.capacity) })}
            </td>
          </tr>
        ))}
      </ScrollTable>
    </>
  );
}

/** The live figures of the channel the controls chose (every channel by default), kept fresh. */
export function LiveNow({ api, channelId }: { api: ReportsApi; channelId: string }): React.JSX.Element {
  const t = useT();
  const locale = useLocale();
  const tick = useVisibleTicks(LIVE_REFRESH_MS);
  const [attempt, setAttempt] = useState(0);
  const loaded = useLoaded(() => loadLive(api, channelId ? { channel_ids: [Number(channelId)] } : {}), [api, channelId, tick, attempt]);
  if (loaded.kind === 'loading') return <p role="status">{t('operator.common.loading')}</p>;
  if (loaded.kind === 'failed') return <Failed reason={loaded.reason} onRetry={() => setAttempt((n) => n + 1)} />;
  const at = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(loaded.value.now);
  return (
    <>
      <p className="op-report-definition">{t('operator.reports.liveAt', { time: at })}</p>
      <ChannelsNow live={loaded.value} />
      <OperatorsNow live={loaded.value} />
    </>
  );
}
