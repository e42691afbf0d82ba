/** The figures the overview shows, each with how it reads from the answer, its unit and its locale texts. */
import type { MessageKey } from '../../../platform/i18n/index.js';
import type { ReportFigures } from '../../../protocol/console/reports.js';

/** How a figure is written: a count, a duration (milliseconds) or a share (0 to 1). */
export type FigureKind = 'count' | 'duration' | 'share';

/** One figure of the overview. */
export interface ReportFigure {
  /** Its column in the CSV (durations in seconds, shares from 0 to 1). */
  id: string;
  kind: FigureKind;
  name: MessageKey;
  /** The README's definition, as locale text. */
  definition: MessageKey;
  value(figures: ReportFigures): number | null;
}

const count = (id: string, name: MessageKey, definition: MessageKey, value: (f: ReportFigures) => number): ReportFigure => ({ id, kind: 'count', name, definition, value });
const duration = (id: string, name: MessageKey, definition: MessageKey, value: (f: ReportFigures) => number | null): ReportFigure => ({ id, kind: 'duration', name, definition, value });

/** Every figure, in the order the screen and the CSV give them. */
export const REPORT_FIGURES: readonly ReportFigure[] = [
  count('conversations', 'operator.reports.conversations', 'operator.reports.conversationsDefinition', (f) => f.conversations),
  count('missed_never_answered', 'operator.reports.neverAnswered', 'operator.reports.neverAnsweredDefinition', (f) => f.missed.never_answered),
  count('missed_nobody_available', 'operator.reports.nobodyAvailable', 'operator.reports.nobodyAvailableDefinition', (f) => f.missed.nobody_available),
  duration('first_response_median', 'operator.reports.firstResponseMedian', 'operator.reports.firstResponseDefinition', (f) => f.first_response.median_ms),
  duration('first_response_p90', 'operator.reports.firstResponseP90', 'operator.reports.firstResponseDefinition', (f) => f.first_response.p90_ms),
  duration('reply_median', 'operator.reports.replyMedian', 'operator.reports.replyDefinition', (f) => f.reply.median_ms),
  duration('reply_p90', 'operator.reports.replyP90', 'operator.reports.replyDefinition', (f) => f.reply.p90_ms),
  duration('resolution_median', 'operator.reports.resolutionMedian', 'operator.reports.resolutionDefinition', (f) => f.resolution.median_ms),
  duration('resolution_p90', 'operator.reports.resolutionP90', 'operator.reports.resolutionDefinition', (f) => f.resolution.p90_ms),
  duration('queue_wait_median', 'operator.reports.queueWaitMedian', 'operator.reports.queueWaitDefinition', (f) => f.queue_wait.median_ms),
  duration('queue_wait_p90', 'operator.reports.queueWaitP90', 'operator.reports.queueWaitDefinition', (f) => f.queue_wait.p90_ms),
  count('transfers', 'operator.reports.transfers', 'operator.reports.transfersDefinition', (f) => f.transfers),
  { id: 'satisfaction_share', kind: 'share', name: 'operator.reports.satisfaction', definition: 'operator.reports.satisfactionDefinition', value: (f) => f.satisfaction.share },
  { id: 'rating_rate', kind: 'share', name: 'operator.reports.ratingRate', definition: 'operator.reports.ratingRateDefinition', value: (f) => f.satisfaction.rating_rate },
];

/** The CSV's header: the period, its first and last day, then each figure with its unit. */
export function csvHeader(): string[] {
  return ['period', 'from', 'to', 'time_zone', ...REPORT_FIGURES.map((f) => (f.kind === 'duration' ? `${f.id} (s)` : f.kind === 'share' ? `${f.id} (0-1)` : f.id))];
}

/**
 * One CSV record: the days with the zones they are counted in (IANA names, space-separated when the
 * channels have several), durations in seconds (milliseconds kept as decimals), an empty field where
 * there is no value.
 */
export function csvRecord(period: 'current' | 'previous', figures: ReportFigures, timeZones: readonly string[]): (string | number | null)[] {
  return [
    period,
    figures.from,
    figures.to,
    timeZones.join(' '),
    ...REPORT_FIGURES.map((f) => {
      const v = f.value(figures);
      return v === null ? null : f.kind === 'duration' ? v / 1000 : v;
    }),
  ];
}
