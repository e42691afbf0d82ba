/** A counter's state after a hit: how many hits its current window has seen and when the window ends. */
export interface CounterState {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters by key, the one place every limit of the server counts in (per address, per
 * session, per account, per recipient). Keys are built by the callers from validated values only.
 */
export interface CounterStore {
  /** Counts one hit on `key`; a window that has ended starts again at 1 and lasts `windowMs` from `now`. */
  hit(key: string, windowMs: number, now: number): Promise<CounterState>;
  /** The state of `key`'s window at `now` without counting a hit; undefined when none is running. */
  peek(key: string, now: number): Promise<CounterState | undefined>;
  /** Forgets `key` (a successful log-in clears its failures). */
  reset(key: string): Promise<void>;
  /** Deletes the counters whose window ended before `now`. */
  prune(now: number): Promise<void>;
}

/** Share of the keys dropped at once when the store is full, so a flood pays for one sort per many keys. */
const EVICT_SHARE = 0.1;

/**
 * Counters of one process. Enough for SQLite, which one process serves; it holds at most `max` keys,
 * so a flood of new addresses cannot grow memory. When full it drops ended windows, then those that
 * end soonest: a long window (a lock-out) outlives the flood of one-minute keys that filled the store.
 */
export class MemoryCounterStore implements CounterStore {
  readonly #counters = new Map<string, CounterState>();

  constructor(private readonly max = 100_000) {}

  async hit(key: string, windowMs: number, now: number): Promise<CounterState> {
    const known = this.#counters.get(key);
    if (known && known.resetAt > now) {
      known.count += 1;
      return { ...known };
    }
    if (known) this.#counters.delete(key);
    if (this.#counters.size >= this.max) this.#makeRoom(now);
    const fresh = { count: 1, resetAt: now + windowMs };
    this.#counters.set(key, fresh);
    return { ...fresh };
  }

  async peek(key: string, now: number): Promise<CounterState | undefined> {
    const known = this.#counters.get(key);
    return known && known.resetAt > now ? { ...known } : undefined;
  }

  async reset(key: string): Promise<void> {
    this.#counters.delete(key);
  }

  async prune(now: number): Promise<void> {
    for (const [key, state] of this.#counters) if (state.resetAt <= now) this.#counters.delete(key);
  }

  /** Number of keys held (tests check the bound). */
  get size(): number {
    return this.#counters.size;
  }

  #makeRoom(now: number): void {
    for (const [key, state] of this.#counters) if (state.resetAt <= now) this.#counters.delete(key);
    if (this.#counters.size < this.max) return;
    const soonest = [...this.#counters].sort((a, b) => a[1].resetAt - b[1].resetAt);
    const drop = Math.max(this.#counters.size - this.max + 1, Math.ceil(this.max * EVICT_SHARE));
    for (const [key] of soonest.slice(0, drop)) this.#counters.delete(key);
  }
}
