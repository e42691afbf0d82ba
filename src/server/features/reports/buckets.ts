/**
 * Durations are aggregated in fixed buckets, so a day's median and p90 need no list of every duration:
 * bucket 0 holds [0 s, 1 s), bucket b ≥ 1 holds [1.1^(b-1) s, 1.1^b s). A figure is its bucket's
 * geometric middle, at most 4.9 % from the true duration (half a second under one second).
 */
const RATIO = 1.1;
const LOG_RATIO = Math.log(RATIO);
/** The last bucket: about 4 × 10^16 s, past any duration a report meets. */
export const BUCKET_MAX = 400;

/** The bucket of a duration in milliseconds. */
export function bucketOf(ms: number): number {
  const seconds = Math.max(0, ms) / 1000;
  if (seconds < 1) return 0;
  return Math.min(BUCKET_MAX, 1 + Math.floor(Math.log(seconds) / LOG_RATIO));
}

/** What a bucket reads as, in whole milliseconds. */
export function bucketValue(bucket: number): number {
  return bucket === 0 ? 500 : Math.round(1000 * RATIO ** (bucket - 0.5));
}

/**
 * The nearest-rank percentile `p` (0 < p ≤ 1) of the durations counted by bucket: the bucket holding
 * the ⌈p·n⌉-th smallest; null when there is none.
 */
export function percentile(counts: ReadonlyMap<number, number>, p: number): number | null {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket) ?? 0;
    if (seen >= rank) return bucketValue(bucket);
  }
  return null;
}
