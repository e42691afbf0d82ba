/** Cross-tab bus timings of SPEC.md §9 and PROTOCOL.md §8.2, in milliseconds. */
export const CROSS_TAB_TIMINGS = {
  /** The master refreshes `heartbeat` this often. */
  masterHeartbeatMs: 1_500,
  /** Other tabs refresh their `peers` entry this often. */
  peerHeartbeatMs: 10_000,
  /** A master heartbeat older than this is out of date: a new election happens. */
  masterStaleMs: 5_000,
  /** A peer not heard from for this long is removed and cannot be elected. */
  peerGoneMs: 15_000,
  /** A stored `last` written longer ago than this is ignored by a starting tab. */
  lastMaxAgeMs: 50_000,
} as const;
