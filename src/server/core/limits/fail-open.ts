import type { CounterState, CounterStore } from './counter-store.js';
import { LimitsUnavailableError } from '../rpc/errors.js';

/** How long limits let requests through while their counters cannot be read (README "Limits"). */
export const FAIL_OPEN_MS = 30_000;

/** What a refused client is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

/** What {@link FailOpenCounters} tells: each request let through uncounted, and the failure that began an outage. */
export interface FailOpenObserver {
  failedOpen(key: string): void;
  failed(err: unknown): void;
}

/**
 * A counter store that does not turn a legitimate request into an error when its counters briefly
 * cannot be read (a database restart, a lock that timed out): for up to {@link FAIL_OPEN_MS} after
 * the first failure, hits count as the first of their window; after that, and until a hit succeeds
 * again, they throw {@link LimitsUnavailableError} (503), since limits that stay off are no limits.
 */
export class FailOpenCounters implements CounterStore {
  #failingSince: number | undefined;

  constructor(
    private readonly inner: CounterStore,
    private readonly observer: FailOpenObserver,
    private readonly failOpenMs = FAIL_OPEN_MS,
  ) {}

  async hit(key: string, windowMs: number, now: number): Promise<CounterState> {
    try {
      const state = await this.inner.hit(key, windowMs, now);
      this.#failingSince = undefined;
      return state;
    } catch (err) {
      this.#failed(err, key, now);
      return { count: 0, resetAt: now + windowMs };
    }
  }

  // A peek that cannot be answered sees no running window, as a hit during the outage counts as the first.
  async peek(key: string, now: number): Promise<CounterState | undefined> {
    try {
      return await this.inner.peek(key, now);
    } catch (err) {
      this.#failed(err, key, now);
      return undefined;
    }
  }

  /** Throws once the counters have failed for the whole fail-open time; until then counts a request let through. */
  #failed(err: unknown, key: string, now: number): void {
    // One report per outage, not one per request.
    if (this.#failingSince === undefined) this.observer.failed(err);
    this.#failingSince ??= now;
    if (now >= this.#failingSince + this.failOpenMs) throw new LimitsUnavailableError(RETRY_AFTER_SECONDS);
    this.observer.failedOpen(key);
  }

  // A count that was not cleared only keeps a lock-out until its window ends; the log-in it follows succeeded.
  async reset(key: string): Promise<void> {
    try {
      await this.inner.reset(key);
    } catch (err) {
      this.observer.failed(err);
    }
  }

  prune(now: number): Promise<void> {
    return this.inner.prune(now);
  }
}
