import type { EventEmitter } from 'node:events';
import type { BusPublisherEvents } from './publisher.js';

/** Why a wait ended. */
export type WakeReason = 'published' | 'timeout' | 'closed';

/** Granularity of hold timeouts: a 50 s hold may end up to this much later, which no client notices. */
export const TIMER_RESOLUTION_MS = 100;

/**
 * One held poll's wait. Arm it before reading the table (see {@link Wakeups.arm}) or a publish between
 * the read and the wait is missed; await `done` once the read came back empty.
 */
export interface Wakeup {
  readonly done: Promise<WakeReason>;
  /** Ends the wait (as `closed`) and forgets it; harmless after it ended. */
  cancel(): void;
}

/**
 * Something that waits on channels: a held poll is one, so the poll, its wait and its place in the
 * index are one object (issue 8 "Held polls": no promise, closure or timer of the wait's own).
 * {@link Wakeups} keeps its bookkeeping in `tick` and `armed`; a waiter is armed at most once at a time.
 */
export interface Waiter {
  /** The channels whose publishes end the wait; set before arming. */
  channels: readonly string[];
  /** Timer-wheel bucket of the wait's deadline (owned by {@link Wakeups}). */
  tick: number;
  /** True while the waiter sits in the index (owned by {@link Wakeups}). */
  armed: boolean;
  /** Called once per arming, when the wait ends; the waiter is out of the index by then. */
  woken(reason: WakeReason): void;
}

// The promise form of a wait, for callers that simply await it (tests, tools).
class PromiseWaiter implements Waiter, Wakeup {
  readonly done: Promise<WakeReason>;
  tick = 0;
  armed = false;
  #resolve!: (reason: WakeReason) => void;

  constructor(
    readonly owner: Wakeups,
    readonly channels: readonly string[],
  ) {
    this.done = new Promise<WakeReason>((resolve) => {
      this.#resolve = resolve;
    });
  }

  woken(reason: WakeReason): void {
    this.#resolve(reason);
  }

  cancel(): void {
    this.owner.end(this, 'closed');
  }
}

/**
 * Every held poll of the process waits here: an index from channel name to waiters, so a publish
 * touches only the polls of its channels instead of calling a listener per held poll, and one shared
 * timer wheel (buckets of {@link TIMER_RESOLUTION_MS}, one interval while anything waits) instead of a
 * `setTimeout` per poll. Both local publishes (`published`) and wake-ups relayed from other server
 * processes (`wake`) end the waits of their channels; `wake` with `all` ends every wait.
 */
export class Wakeups {
  readonly #byChannel = new Map<string, Set<Waiter>>();
  readonly #buckets = new Map<number, Set<Waiter>>();
  readonly #resolution: number;
  #size = 0;
  #disposed = false;
  #doneTick = 0;
  #interval: NodeJS.Timeout | undefined;
  readonly #events: EventEmitter<BusPublisherEvents>;
  readonly #onPublished = (channels: string[]): void => this.#wakeChannels(channels);
  readonly #onWake = (channels: string[] | 'all'): void => (channels === 'all' ? this.closeAll('published') : this.#wakeChannels(channels));

  constructor(events: EventEmitter<BusPublisherEvents>, resolutionMs = TIMER_RESOLUTION_MS) {
    this.#events = events;
    this.#resolution = resolutionMs;
    events.on('published', this.#onPublished);
    events.on('wake', this.#onWake);
  }

  /** Waits currently held. */
  get size(): number {
    return this.#size;
  }

  /** Starts waiting at once on `channels`, for at most `timeoutMs`. */
  arm(channels: readonly string[], timeoutMs: number): Wakeup {
    const waiter = new PromiseWaiter(this, channels);
    this.add(waiter, timeoutMs);
    return waiter;
  }

  /**
   * Puts `waiter` in the index for at most `timeoutMs`; its `woken` is called once when the wait ends.
   * While the server stops, the wait ends at once as `closed` (called synchronously).
   */
  add(waiter: Waiter, timeoutMs: number): void {
    if (waiter.armed) return;
    if (this.#disposed) {
      // The server is stopping: a poll arriving now is answered at once rather than held.
      waiter.woken('closed');
      return;
    }
    waiter.armed = true;
    for (const channel of waiter.channels) {
      let set = this.#byChannel.get(channel);
      if (!set) this.#byChannel.set(channel, (set = new Set()));
      set.add(waiter);
    }
    const now = performance.now();
    if (!this.#interval) {
      // Nothing waited, so no bucket exists: restart the wheel at the present tick.
      this.#doneTick = Math.floor(now / this.#resolution);
      this.#interval = setInterval(() => this.#advance(), this.#resolution).unref();
    }
    waiter.tick = Math.max(this.#doneTick + 1, Math.ceil((now + timeoutMs) / this.#resolution));
    let bucket = this.#buckets.get(waiter.tick);
    if (!bucket) this.#buckets.set(waiter.tick, (bucket = new Set()));
    bucket.add(waiter);
    this.#size += 1;
  }

  /** Ends every wait with `reason` (`closed` at shutdown, `published` when notifications may have been missed). */
  closeAll(reason: WakeReason = 'closed'): void {
    // Copies: a woken waiter may arm again at once, into a set being walked.
    for (const set of [...this.#buckets.values()]) for (const waiter of [...set]) this.end(waiter, reason);
  }

  /** Stops listening to the publisher and ends every wait. */
  dispose(): void {
    this.#disposed = true;
    this.closeAll();
    this.#events.off('published', this.#onPublished);
    this.#events.off('wake', this.#onWake);
  }

  /** Ends one wait with `reason` and tells the waiter; harmless when it is not waiting. */
  end(waiter: Waiter, reason: WakeReason): void {
    if (this.remove(waiter)) waiter.woken(reason);
  }

  /** Takes `waiter` out of the index without telling it; returns whether it was waiting. */
  remove(waiter: Waiter): boolean {
    if (!waiter.armed) return false;
    waiter.armed = false;
    for (const channel of waiter.channels) {
      const set = this.#byChannel.get(channel);
      if (set?.delete(waiter) && set.size === 0) this.#byChannel.delete(channel);
    }
    const bucket = this.#buckets.get(waiter.tick);
    if (bucket?.delete(waiter) && bucket.size === 0) this.#buckets.delete(waiter.tick);
    this.#size -= 1;
    if (this.#size === 0 && this.#interval) {
      clearInterval(this.#interval);
      this.#interval = undefined;
    }
    return true;
  }

  #wakeChannels(channels: readonly string[]): void {
    // Gathered first: a woken waiter may arm again at once, and must not be woken twice by one publish.
    const woken = new Set<Waiter>();
    for (const channel of channels) {
      const set = this.#byChannel.get(channel);
      if (set) for (const waiter of set) woken.add(waiter);
    }
    for (const waiter of woken) this.end(waiter, 'published');
  }

  #advance(): void {
    const now = Math.floor(performance.now() / this.#resolution);
    for (let tick = this.#doneTick + 1; tick <= now; tick++) {
      const bucket = this.#buckets.get(tick);
      if (bucket) for (const waiter of [...bucket]) this.end(waiter, 'timeout');
      this.#doneTick = tick;
    }
  }
}
