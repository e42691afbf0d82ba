/** Base delay before a failed poll is retried (SPEC.md §8 "Poll failure", §9). */
export const POLL_RETRY_BASE_MS = 10_000;

/**
 * Delay before retrying a failed poll: 10 s plus a random whole 1 to 20 s (SPEC.md §8). The random part
 * spreads reconnections over time so that a restarted server is not hit by every client at once.
 * @param random a source of numbers in [0, 1), `Math.random` by default
 */
export function pollRetryDelayMs(random: () => number = Math.random): number {
  const extraSeconds = 1 + Math.min(19, Math.floor(random() * 20));
  return POLL_RETRY_BASE_MS + extraSeconds * 1000;
}
