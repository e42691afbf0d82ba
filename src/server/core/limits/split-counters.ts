import type { CounterState, CounterStore } from './counter-store.js';

/** Windows at least this long are counted in the database even where short ones stay in memory. */
export const LONG_WINDOW_MS = 60 * 60_000;

/**
 * SQLite's counters: short windows in this process's memory (cheap, and lost on a restart only for a
 * minute), long ones (daily caps) in the database, so neither a restart nor a flood of short-lived keys
 * that fills the memory store forgets them.
 */
export class SplitCounters implements CounterStore {
  constructor(
    private readonly short: CounterStore,
    private readonly long: CounterStore,
  ) {}

  hit(key: string, windowMs: number, now: number): Promise<CounterState> {
    return (windowMs >= LONG_WINDOW_MS ? this.long : this.short).hit(key, windowMs, now);
  }

  // The window's length is not known when peeking, so both stores are asked; a key lives in one of them.
  async peek(key: string, now: number): Promise<CounterState | undefined> {
    return (await this.short.peek(key, now)) ?? (await this.long.peek(key, now));
  }

  async reset(key: string): Promise<void> {
    await Promise.all([this.short.reset(key), this.long.reset(key)]);
  }

  async prune(now: number): Promise<void> {
    await Promise.all([this.short.prune(now), this.long.prune(now)]);
  }
}
