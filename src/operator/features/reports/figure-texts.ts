/** How the overview writes its values and their change, in the console's language. */
import { formatDuration } from '../../core/durations.js';
import type { FigureKind } from './report-figures.js';

/** A value as written; '—' where there is none (no reply in the period has no median). */
export function valueText(kind: FigureKind, value: number | null, locale: string): string {
  if (value === null) return '—';
  if (kind === 'duration') return formatDuration(value, locale);
  if (kind === 'share') return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  return new Intl.NumberFormat(locale).format(value);
}

/**
 * The change from the previous period: a count by its difference and ratio, a duration by its ratio, a
 * share in percentage points written by `points` (a ratio of ratios misleads); undefined when either side has no value.
 */
export function changeText(kind: FigureKind, current: number | null, previous: number | null, locale: string, points: (n: string) => string): string | undefined {
  if (current === null || previous === null) return undefined;
  const signed = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, { signDisplay: 'exceptZero', maximumFractionDigits: 1, ...options });
  if (kind === 'share') return points(signed({}).format((current - previous) * 100));
  const ratio = previous === 0 ? undefined : signed({ style: 'percent', maximumFractionDigits: 0 }).format((current - previous) / previous);
  if (kind === 'duration') return ratio;
  const difference = signed({}).format(current - previous);
  return ratio ? `${difference} (${ratio})` : difference;
}
