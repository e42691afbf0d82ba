/**
 * Summaries of repeated measurements. Every timing the bench reports goes through {@link summarize}, so
 * a figure is always a median with its spread, never a single lucky run.
 */

/** Median and spread of a set of runs. */
export interface Summary {
  /** Number of samples. */
  n: number;
  median: number;
  min: number;
  max: number;
  /** 25th and 75th percentiles: the spread the table shows when there are enough runs. */
  p25: number;
  p75: number;
}

/** Percentile `p` (0–100) of sorted values, by linear interpolation between the closest ranks. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (p <= 0) return sorted[0] as number;
  if (p >= 100) return sorted[sorted.length - 1] as number;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (rank - lo);
}

/** Sorts a copy in ascending numeric order (the default sort compares as strings). */
export function sortedCopy(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/** Median, extremes and quartiles of `values`; NaN fields for an empty list. */
export function summarize(values: readonly number[]): Summary {
  const s = sortedCopy(values.filter((v) => Number.isFinite(v)));
  return {
    n: s.length,
    median: percentile(s, 50),
    min: s.length ? (s[0] as number) : Number.NaN,
    max: s.length ? (s[s.length - 1] as number) : Number.NaN,
    p25: percentile(s, 25),
    p75: percentile(s, 75),
  };
}

/** Element-wise ratio of two equally long run lists (run i against its own floor i), summarized. */
export function ratioSummary(values: readonly number[], floors: readonly number[]): Summary {
  const n = Math.min(values.length, floors.length);
  const ratios: number[] = [];
  for (let i = 0; i < n; i++) {
    const f = floors[i] as number;
    if (f !== 0) ratios.push((values[i] as number) / f);
  }
  return summarize(ratios);
}

/** "12.3 (11.9–13.0)": median with the range of the runs, in the given number of decimals. */
export function formatSummary(s: Summary, decimals = 1, unit = ''): string {
  if (s.n === 0) return 'n/a';
  const f = (v: number): string => v.toFixed(decimals);
  if (s.n === 1) return `${f(s.median)}${unit}`;
  return `${f(s.median)}${unit} (${f(s.min)}–${f(s.max)})`;
}
