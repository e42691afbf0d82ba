import type { BusNotification, PollParams } from '../../../src/protocol/livechat.js';
import type { PollFn } from '../../../src/platform/bus/poll-loop.js';

/**
 * An in-memory long-poll server for the fake-clock tests: it holds each poll until a notification newer
 * than its `last` exists or the poll is aborted, and counts the polls in flight. The HTTP version of the
 * same thing is test/support/routes/40-bus.mjs, used by the iframe tests.
 */
export class FakeBusServer {
  readonly notifications: BusNotification[] = [];
  readonly requests: PollParams[] = [];
  inFlight = 0;
  maxInFlight = 0;
  #waiters = new Set<() => void>();

  /** Stores a notification and wakes the held polls. */
  push(channel: string, message: Record<string, unknown> = {}): number {
    const id = this.notifications.length + 1;
    this.notifications.push({ id, channel, message });
    for (const wake of [...this.#waiters]) wake();
    return id;
  }

  /** A poll function bound to this server; `owner` tells which tab polled. */
  poll(owner: string, log?: string[]): PollFn {
    return (params, signal) =>
      new Promise((resolve, reject) => {
        this.requests.push(params);
        log?.push(owner);
        this.inFlight += 1;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        const done = (): void => {
          this.inFlight -= 1;
          this.#waiters.delete(wake);
        };
        const wake = (): void => {
          const found = this.notifications.filter((n) => n.id > params.last && params.channels.includes(n.channel));
          if (!found.length) return;
          done();
          resolve(found);
        };
        signal.addEventListener('abort', () => {
          done();
          reject(new DOMException('aborted', 'AbortError'));
        });
        this.#waiters.add(wake);
        wake();
      });
  }
}
