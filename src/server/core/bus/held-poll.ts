import type { FastifyReply } from 'fastify';
import type { BusNotification } from '../../../protocol/livechat.js';
import { DeferredRpcResult } from '../rpc/deferred.js';
import type { Waiter, WakeReason, Wakeups } from './wakeups.js';

/** What every poll of one route shares, so a held poll carries one reference instead of several. */
export interface PollShared {
  wakeups: Wakeups;
  /** Rows of `channels` newer than `last` (the recent window when `last` is 0). */
  read(channels: readonly string[], last: number): Promise<BusNotification[]>;
  /** Told how many notifications each answer carried (a metric). */
  answered?(count: number): void;
}

/**
 * Where a poll stands: looking up the caller and its channels, reading the table, waiting in the
 * index, or answered (after which every late event is ignored).
 */
type Phase = 'preparing' | 'reading' | 'waiting' | 'answered';

/**
 * One long poll (PROTOCOL.md §4.1) from its first read to its answer. It is both the route's deferred
 * result and its own entry in the wake-up index, so a held poll costs this object and one `close`
 * listener: no promise, no suspended async function, no timer, no closure over the request (issue 8
 * "Held polls").
 *
 * The wait is armed before the table is read, so a publish between the read and the wait is never
 * missed. A wake-up that finds nothing new (another process's rows this client already has, a wake-all
 * after a LISTEN reconnect) waits again for the rest of the hold instead of answering `[]`; at the end
 * of the hold the table is read once more and whatever is there (often nothing) is the answer. A client
 * that goes away ends the wait at once.
 */
export class HeldPoll extends DeferredRpcResult<BusNotification[]> implements Waiter {
  channels: readonly string[] = [];
  tick = 0;
  armed = false;
  readonly #shared: PollShared;
  readonly #last: number;
  #phase: Phase = 'preparing';
  /** A wake-up came while the table was being read: read again once that read comes back empty. */
  #publishedWhileReading = false;
  /** The hold time is over: the next read answers, rows or not. */
  #expired = false;
  #deadline = 0;
  readonly #onClose = (): void => {
    // `close` also follows a normal answer; only a close before the answer is a client going away.
    if (!this.reply.raw.writableEnded) this.finish([]);
  };

  constructor(shared: PollShared, last: number, reply: FastifyReply) {
    super(reply);
    this.#shared = shared;
    this.#last = last;
  }

  /** Arms the wait on the caller's readable `channels` for `holdMs`, then reads the table. */
  start(channels: readonly string[], holdMs: number): void {
    if (this.#phase !== 'preparing') return;
    // The client may have left while its session and channels were looked up.
    if (this.reply.raw.destroyed) {
      this.finish([]);
      return;
    }
    this.channels = channels;
    this.#deadline = performance.now() + holdMs;
    this.reply.raw.on('close', this.#onClose);
    this.#shared.wakeups.add(this, holdMs);
    // Adding answers at once (as `closed`) while the server stops.
    if (this.#isAnswered()) return;
    this.#read();
  }

  /** Answers with `rows` now and forgets the wait; later calls are ignored. */
  finish(rows: BusNotification[]): void {
    if (!this.#leave()) return;
    this.#shared.answered?.(rows.length);
    this.resolveResult(rows);
  }

  /** Answers with `err` (the route turns it into a JSON-RPC error); later calls are ignored. */
  fail(err: unknown): void {
    if (!this.#leave()) return;
    this.rejectResult(err);
  }

  woken(reason: WakeReason): void {
    if (this.#phase === 'answered') return;
    if (reason === 'closed') {
      this.finish([]);
      return;
    }
    if (reason === 'timeout') {
      this.#expired = true;
      if (this.#phase !== 'reading') this.#read();
      return;
    }
    if (this.#phase === 'reading') {
      this.#publishedWhileReading = true;
      return;
    }
    this.#waitAgain();
  }

  /** Re-arms for the rest of the hold and reads, after a wake-up that may have brought rows. */
  #waitAgain(): void {
    if (!this.#expired) {
      this.#shared.wakeups.add(this, Math.max(0, this.#deadline - performance.now()));
      // Adding answers at once (as `closed`) while the server stops.
      if (this.#isAnswered()) return;
    }
    this.#read();
  }

  #read(): void {
    this.#phase = 'reading';
    this.#shared.read(this.channels, this.#last).then(
      (rows) => this.#afterRead(rows),
      (err: unknown) => this.fail(err),
    );
  }

  #afterRead(rows: BusNotification[]): void {
    if (this.#isAnswered()) return;
    if (rows.length > 0) {
      this.finish(rows);
      return;
    }
    if (this.#publishedWhileReading) {
      this.#publishedWhileReading = false;
      this.#waitAgain();
      return;
    }
    if (this.#expired) {
      this.finish([]);
      return;
    }
    this.#phase = 'waiting';
  }

  #isAnswered(): boolean {
    return this.#phase === 'answered';
  }

  /** Leaves the index and the response's listeners; false when the poll was already answered. */
  #leave(): boolean {
    if (this.#phase === 'answered') return false;
    this.#phase = 'answered';
    this.#shared.wakeups.remove(this);
    this.reply.raw.off('close', this.#onClose);
    return true;
  }
}
