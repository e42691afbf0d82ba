/** Durations written for people, in the console's language ("3 min 20 s", "1 h 5 min", "2 j 4 h"). */

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
] as const;

function numberFormat(locale: string, unit: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
  } catch {
    // A tag that is no locale (RangeError): English units rather than an exception in the console.
    return new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
  }
}

function listFormat(locale: string): Intl.ListFormat {
  try {
    return new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' });
  } catch {
    return new Intl.ListFormat('en', { type: 'unit', style: 'narrow' });
  }
}

/**
 * `ms` in at most its two largest units, the smaller one whole (a report's medians are within 5 %, so
 * more precision would be noise): the smaller one is cut, not rounded, so it never reads "1 h 60 min". Under a second: tenths of a second ("0.4 s").
 */
export function formatDuration(ms: number, locale: string): string {
  if (ms < 1_000) return numberFormat(locale, 'second').format(Math.round(ms / 100) / 10);
  const seconds = Math.round(ms / 1_000) * 1_000;
  const largest = UNITS.findIndex(([, size]) => seconds >= size);
  const [bigUnit, bigSize] = UNITS[largest]!;
  const big = Math.floor(seconds / bigSize);
  const parts = [numberFormat(locale, bigUnit).format(big)];
  const next = UNITS[largest + 1];
  if (next) {
    const small = Math.floor((seconds - big * bigSize) / next[1]);
    if (small > 0) parts.push(numberFormat(locale, next[0]).format(small));
  }
  return listFormat(locale).format(parts);
}
