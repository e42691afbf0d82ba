/** The overview's period arithmetic and figures, from the aggregates' sums (pure: the routes read, this computes). */
import type { DurationFigure, ReportFigures, ReportPeriod } from '../../../protocol/console/reports.js';
import { REPORT_DAYS_MAX } from '../../../protocol/console/reports.js';
import { percentile } from './buckets.js';

const DAY = 86_400_000;

/** A span of local days, inclusive. */
export interface DayRange {
  from: string;
  to: string;
}

function toMs(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function toDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whether a `YYYY-MM-DD` names a real date (Date.parse rolls 31 February over into March). */
function isCalendarDate(date: string | undefined): date is string {
  if (date === undefined) return false;
  const ms = toMs(date);
  return !Number.isNaN(ms) && toDate(ms) === date;
}

/** The period asked for, and the one just before it, as long; undefined for a custom period out of bounds. */
export function periodsOf(period: ReportPeriod, today: string, custom: Partial<DayRange>): { current: DayRange; previous: DayRange } | undefined {
  const end = period === 'custom' ? custom.to : today;
  const days = period === 'today' ? 1 : period === '7d' ? 7 : period === '30d' ? 30 : undefined;
  const start = days !== undefined ? toDate(toMs(today) - (days - 1) * DAY) : custom.from;
  if (!isCalendarDate(start) || !isCalendarDate(end)) return undefined;
  const length = Math.round((toMs(end) - toMs(start)) / DAY) + 1;
  if (length < 1 || length > REPORT_DAYS_MAX) return undefined;
  return {
    current: { from: start, to: end },
    previous: { from: toDate(toMs(start) - length * DAY), to: toDate(toMs(start) - DAY) },
  };
}

/** The figures of a period from its summed aggregates (`metric`, `bucket`, `n`). */
export function figuresOf(range: DayRange, sums: { metric: string; bucket: number; n: number }[]): ReportFigures {
  const total = (metric: string) => sums.filter((s) => s.metric === metric).reduce((a, s) => a + s.n, 0);
  const duration = (metric: string): DurationFigure => {
    const counts = new Map<number, number>();
    for (const s of sums) if (s.metric === metric && s.n > 0) counts.set(s.bucket, (counts.get(s.bucket) ?? 0) + s.n);
    return { count: [...counts.values()].reduce((a, b) => a + b, 0), median_ms: percentile(counts, 0.5), p90_ms: percentile(counts, 0.9) };
  };
  const conversations = total('conversations');
  const rated = total('rated');
  const best = total('rated_best');
  return {
    ...range,
    conversations,
    missed: { never_answered: total('missed_never_answered'), nobody_available: total('missed_nobody_available') },
    first_response: duration('first_response'),
    reply: duration('reply'),
    resolution: duration('resolution'),
    queue_wait: duration('queue_wait'),
    transfers: total('transfers'),
    satisfaction: { rated, best, share: rated > 0 ? best / rated : null, rating_rate: conversations > 0 ? rated / conversations : null },
  };
}
