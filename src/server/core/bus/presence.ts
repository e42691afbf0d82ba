/** An operator whose last reported activity is older than this is away (PROTOCOL.md §4.3: 1800 s). */
export const AWAY_AFTER_MS = 30 * 60_000;

/**
 * `bus_inactivity` is the milliseconds since the user's last click or key press, as the polling tab
 * saw it (PROTOCOL.md §4.1). Returns the moment of that activity, or undefined when the value is
 * missing or not a non-negative number (then nothing is recorded: an old console that never sends it
 * is not marked away). A value larger than `now` is clamped rather than trusted.
 */
export function lastActivityFrom(options: unknown, now: number): number | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  const inactivity = (options as { bus_inactivity?: unknown }).bus_inactivity;
  if (typeof inactivity !== 'number' || !Number.isFinite(inactivity) || inactivity < 0) return undefined;
  return Math.max(0, now - Math.floor(inactivity));
}
