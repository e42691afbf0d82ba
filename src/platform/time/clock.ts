/**
 * The one clock of the widget and the console: the bus (election, heartbeats, retries), the typing model,
 * the widget state's 60-second rules and the console's notices all take one, so tests drive a fake one.
 * In the cross-tab tests each "tab" uses its own window's timers: removing a tab's iframe then stops its
 * timers exactly as closing a real tab would.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once after `ms`; returns a handle for {@link Clock.clearTimeout}. */
  setTimeout(fn: () => void, ms: number): unknown;
  /** Cancels a pending timer; unknown or spent handles are ignored. */
  clearTimeout(handle: unknown): void;
}

/** The minimal window surface a clock needs; a tab's own window in tests, `globalThis` otherwise. */
export interface TimerHost {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: never): void;
}

/** A clock on real time, with the timers of `host` (the current global unless given). */
export function systemClock(host: TimerHost = globalThis as unknown as TimerHost): Clock {
  return {
    now: () => Date.now(),
    setTimeout: (fn, ms) => host.setTimeout(fn, ms),
    clearTimeout: (handle) => {
      if (handle !== undefined) host.clearTimeout(handle as never);
    },
  };
}

/** The page's clock. */
export const pageClock: Clock = systemClock();
