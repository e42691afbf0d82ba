/**
 * The reading side: long polls (`/longpolling/poll` with `last`) against either process, as the widget
 * and the console do: a failed or timed-out poll is sent again, to either process, from the same `last`.
 * Each reader records every message notification in the order it arrived.
 */
import { call } from './client.js';
import type { Slot } from './fleet.js';
import type { Timeline, TimelineEvent } from './timeline.js';
import { TOKEN_PATTERN } from './workload.js';

/** One message as a reader received it. */
export interface Delivery {
  /** The bus notification id. */
  nid: number;
  messageId: number;
  token: string;
  author: string;
  seq: number;
  at: number;
}

/** The client gives up on a poll after 60 s (PROTOCOL.md §4.1); the server holds it at most 50 s. */
const POLL_TIMEOUT_MS = 60_000;
/** Kept per reader to explain an anomaly; older failures are dropped. */
const MAX_EVENTS = 200;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export class Reader {
  readonly deliveries: Delivery[] = [];
  readonly failures: TimelineEvent[] = [];
  polls = 0;
  #loop: Promise<void> | undefined;
  readonly #abort = new AbortController();

  /**
   * @param sessionIds the conversations this reader reads (undefined: all, the operator's channel)
   */
  constructor(
    readonly name: string,
    private readonly channels: string[],
    readonly sessionIds: Set<number> | undefined,
    private last: number,
    private readonly cookie: string | undefined,
  ) {}

  reads(sessionId: number): boolean {
    return this.sessionIds === undefined || this.sessionIds.has(sessionId);
  }

  start(slots: Slot[], timeline: Timeline): void {
    this.#loop = this.#run(slots, timeline);
  }

  async stop(): Promise<void> {
    this.#abort.abort();
    await this.#loop;
  }

  async #run(slots: Slot[], timeline: Timeline): Promise<void> {
    while (!this.#abort.signal.aborted) {
      const slot = slots[Math.floor(Math.random() * slots.length)] as Slot;
      this.polls++;
      const answer = await call<{ id: number; message: unknown }[]>(
        slot.url,
        '/longpolling/poll',
        { channels: this.channels, last: this.last, options: { bus_inactivity: 0 } },
        { cookie: this.cookie, timeoutMs: POLL_TIMEOUT_MS, signal: this.#abort.signal },
      );
      if (answer.ok && Array.isArray(answer.result)) {
        this.#take(answer.result, timeline.now());
        continue;
      }
      if (this.#abort.signal.aborted) break;
      this.failures.push({ at: timeline.now(), what: `poll on ${slot.name} from last=${this.last}: ${answer.ok ? JSON.stringify(answer.result) : answer.error}` });
      if (this.failures.length > MAX_EVENTS) this.failures.shift();
      await sleep(300 + Math.random() * 700);
    }
  }

  #take(notifications: { id: number; message: unknown }[], at: number): void {
    for (const n of notifications) {
      // `last` is the highest id seen: an id at or below it again is recorded, and reported as reordered.
      this.last = Math.max(this.last, n.id);
      const message = n.message as { id?: unknown; body?: unknown } | null;
      if (typeof message?.body !== 'string' || typeof message.id !== 'number') continue;
      const match = TOKEN_PATTERN.exec(message.body);
      if (!match) continue;
      this.deliveries.push({ nid: n.id, messageId: message.id, token: match[0], author: match[1] as string, seq: Number(match[2]), at });
    }
  }
}
