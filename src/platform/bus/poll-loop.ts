import type { BusNotification, PollParams } from '../../protocol/livechat.js';
import type { Clock } from '../time/clock.js';
import { pollRetryDelayMs } from './retry-policy.js';

/**
 * One long-poll request (`/longpolling/poll`, PROTOCOL.md §4.1). It resolves with the notifications, or
 * rejects; it must stop when `signal` aborts. The RPC client provides it in the widget; tests pass a
 * fetch against a test route.
 */
export type PollFn = (params: PollParams, signal: AbortSignal) => Promise<BusNotification[]>;

/** What the loop is doing: not running, waiting for an answer, or waiting to retry after a failure. */
export type PollLoopState = 'stopped' | 'polling' | 'retrying' | 'idle';

/** Settings of a {@link PollLoop}. */
export interface PollLoopOptions {
  poll: PollFn;
  clock: Clock;
  /** Source of randomness for the retry delay. */
  random?: () => number;
  /** Delay before a failed poll is retried; SPEC.md §8's 10 s plus 1–20 s unless a test needs it short. */
  retryDelayMs?: (random?: () => number) => number;
  /** Highest notification id already received (0: the server replays its recent window). */
  initialLast?: number;
  /** Extra poll options; `bus_inactivity` per PROTOCOL.md §4.1. */
  options?: () => PollParams['options'];
  /** Receives each non-empty answer, ascending by id, only ids above the previous `last`. */
  onNotifications: (notifications: BusNotification[], last: number) => void;
  /** Tells whether a failure is an abort that should be retried at once (SPEC.md §8). */
  isAbortError?: (err: unknown) => boolean;
  /** Reports state changes (for a "reconnecting" status). */
  onStateChange?: (state: PollLoopState) => void;
  /** Reports failures that will be retried. */
  onError?: (err: unknown, retryInMs: number) => void;
}

/** Recognises an abort from fetch (`AbortError`) or from the RPC client (its message ends in "abort"). */
export function isAbortLike(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: unknown; message?: unknown };
  return e.name === 'AbortError' || (typeof e.message === 'string' && /\babort$/.test(e.message));
}

/**
 * A foreign abort restarts at once (SPEC.md §8), but a poll that keeps aborting instantly would spin;
 * after this many aborts in a row without an answer the normal retry delay applies.
 */
const MAX_IMMEDIATE_RESTARTS = 3;

function isNotification(value: unknown): value is BusNotification {
  if (typeof value !== 'object' || value === null) return false;
  const n = value as Record<string, unknown>;
  return typeof n.id === 'number' && Number.isFinite(n.id) && typeof n.channel === 'string' && 'message' in n;
}

/** The answer was not a list of notifications: retried like a network failure, nothing is advanced. */
export class PollAnswerError extends Error {
  readonly code = 'bus_bad_answer';
  constructor() {
    super('The poll answer is not a list of notifications');
  }
}

/**
 * The long-polling loop of one tab (PROTOCOL.md §8.3): polls again as soon as an answer arrives, keeps
 * `last`, retries failures after 10 s plus 1–20 s, restarts at once after an abort and whenever the
 * channel list changes. It never throws into its caller.
 */
export class PollLoop {
  #state: PollLoopState = 'stopped';
  #channels: string[] = [];
  #last: number;
  #controller: AbortController | undefined;
  #retryTimer: unknown;
  #generation = 0;
  #immediateRestarts = 0;

  constructor(private readonly opts: PollLoopOptions) {
    this.#last = opts.initialLast ?? 0;
  }

  /** Highest notification id received so far. */
  get last(): number {
    return this.#last;
  }

  /** Current state. */
  get state(): PollLoopState {
    return this.#state;
  }

  /** Channels polled. */
  get channels(): readonly string[] {
    return this.#channels;
  }

  /** Raises `last` (another tab received newer notifications); never lowers it. */
  adoptLast(last: number): void {
    if (Number.isFinite(last) && last > this.#last) this.#last = last;
  }

  /** Starts polling `channels` (restarting a running poll when the set differs). */
  start(channels: readonly string[]): void {
    const next = [...new Set(channels)].sort();
    const same = next.length === this.#channels.length && next.every((c, i) => c === this.#channels[i]);
    this.#channels = next;
    if (this.#state !== 'stopped' && same) return;
    this.#restart();
  }

  /** Stops polling and aborts the poll in flight. */
  stop(): void {
    this.#cancel();
    this.#setState('stopped');
  }

  #cancel(): void {
    this.#generation += 1;
    this.#controller?.abort();
    this.#controller = undefined;
    if (this.#retryTimer !== undefined) this.opts.clock.clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
  }

  #restart(): void {
    this.#cancel();
    this.#immediateRestarts = 0;
    this.#next();
  }

  #setState(state: PollLoopState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.opts.onStateChange?.(state);
  }

  #next(): void {
    if (this.#channels.length === 0) {
      this.#setState('idle');
      return;
    }
    const generation = ++this.#generation;
    const controller = new AbortController();
    this.#controller = controller;
    this.#setState('polling');
    const params: PollParams = { channels: [...this.#channels], last: this.#last };
    const options = this.opts.options?.();
    if (options) params.options = options;
    let request: Promise<BusNotification[]>;
    try {
      request = this.opts.poll(params, controller.signal);
    } catch (err) {
      request = Promise.reject(err);
    }
    request.then(
      (answer) => {
        if (generation !== this.#generation) return;
        this.#controller = undefined;
        if (!Array.isArray(answer) || !answer.every(isNotification)) {
          this.#fail(new PollAnswerError());
          return;
        }
        this.#immediateRestarts = 0;
        this.#deliver(answer);
        if (generation === this.#generation) this.#next();
      },
      (err: unknown) => {
        if (generation !== this.#generation) return;
        this.#controller = undefined;
        const abort = (this.opts.isAbortError ?? isAbortLike)(err);
        if (abort && this.#immediateRestarts < MAX_IMMEDIATE_RESTARTS) {
          this.#immediateRestarts += 1;
          this.#next();
          return;
        }
        this.#fail(err);
      },
    );
  }

  #deliver(answer: BusNotification[]): void {
    const fresh = answer.filter((n) => n.id > this.#last).sort((a, b) => a.id - b.id);
    if (fresh.length === 0) return;
    this.#last = fresh[fresh.length - 1]!.id;
    try {
      this.opts.onNotifications(fresh, this.#last);
    } catch (err) {
      // A consumer's bug must not stop the bus for every other consumer.
      console.error('live-chat: a bus consumer failed', err);
    }
  }

  #fail(err: unknown): void {
    const delay = (this.opts.retryDelayMs ?? pollRetryDelayMs)(this.opts.random);
    this.#setState('retrying');
    this.opts.onError?.(err, delay);
    const generation = this.#generation;
    this.#retryTimer = this.opts.clock.setTimeout(() => {
      if (generation !== this.#generation) return;
      this.#retryTimer = undefined;
      this.#immediateRestarts = 0;
      this.#next();
    }, delay);
  }
}
