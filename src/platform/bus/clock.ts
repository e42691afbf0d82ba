/**
 * Time as the bus sees it. Election, heartbeats and retry delays depend on it, so tests drive a fake one
 * (test/platform/bus/fake-clock.ts) and each "tab" in the cross-tab tests uses its own window's timers:
 * removing a tab's iframe then stops its timers exactly as closing a real tab would.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `fn` once after `ms`; returns a handle for {@link Clock.clear}. */
  after(ms: number, fn: () => void): unknown;
  /** Cancels a pending {@link Clock.after}; unknown or spent handles are ignored. */
  clear(handle: unknown): void;
}

/** The minimal window surface a clock needs; a tab's own window in tests, `globalThis` in the widget. */
export interface TimerHost {
  setTimeout(fn: () => void, ms: number): number;
  clearTimeout(handle: number): void;
}

/** A clock on real time, with the timers of `host` (the current window unless given). */
export function systemClock(host: TimerHost = globalThis as unknown as TimerHost): Clock {
  return {
    now: () => Date.now(),
    after: (ms, fn) => host.setTimeout(fn, ms),
    clear: (handle) => {
      if (typeof handle === 'number') host.clearTimeout(handle);
    },
  };
}
