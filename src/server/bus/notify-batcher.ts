/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay clearly below. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7_900;

/**
 * Packs channel names into as few JSON-array payloads as fit under `maxBytes` each. A name too long to
 * fit alone becomes the payload `[]`, which listeners read as "wake every held poll": nothing is lost,
 * the polls just re-read the table.
 */
export function packChannels(channels: Iterable<string>, maxBytes = MAX_NOTIFY_PAYLOAD_BYTES): string[] {
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 2;
  let wakeAll = false;
  for (const channel of channels) {
    const bytes = Buffer.byteLength(JSON.stringify(channel)) + 1;
    if (bytes + 2 > maxBytes) {
      wakeAll = true;
      continue;
    }
    if (size + bytes > maxBytes) {
      payloads.push(JSON.stringify(current));
      current = [];
      size = 2;
    }
    current.push(channel);
    size += bytes;
  }
  if (current.length) payloads.push(JSON.stringify(current));
  if (wakeAll) payloads.push('[]');
  return payloads;
}

/** Settings of a {@link NotifyBatcher}. */
export interface NotifyBatcherOptions {
  /** Sends one NOTIFY with `payload` (on a pooled connection, outside any write transaction). */
  send: (payload: string) => Promise<void>;
  /** A failed NOTIFY only delays other processes until their hold ends; it is logged, not retried. */
  onError: (err: unknown) => void;
  /** Runs the flush later; `setImmediate` (one batch per event-loop turn) by default. */
  schedule?: (fn: () => void) => void;
}

/**
 * Coalesces the channels of many commits into few NOTIFYs (issue 4 "Fan-out"): NOTIFY takes a global
 * lock at commit, so one NOTIFY per write would serialise every writer of the database on it. Channels
 * written during one event-loop turn, or while the previous NOTIFY is in flight, go out together.
 * Only channel names travel; listeners re-read the table, which stays the only source of truth.
 */
export class NotifyBatcher {
  readonly #opts: NotifyBatcherOptions;
  #pending = new Set<string>();
  #scheduled = false;
  #sending: Promise<void> | undefined;
  #closed = false;

  constructor(opts: NotifyBatcherOptions) {
    this.#opts = opts;
  }

  /** Queues channels whose rows are committed. */
  add(channels: Iterable<string>): void {
    if (this.#closed) return;
    for (const channel of channels) this.#pending.add(channel);
    this.#kick();
  }

  /** Sends what is queued and stops accepting more. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#sending;
    if (this.#pending.size) await this.#flush();
    this.#closed = true;
  }

  #kick(): void {
    if (this.#scheduled || this.#sending || this.#pending.size === 0) return;
    this.#scheduled = true;
    (this.#opts.schedule ?? setImmediate)(() => {
      this.#scheduled = false;
      void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    if (this.#sending || this.#pending.size === 0) return;
    const batch = [...this.#pending];
    this.#pending.clear();
    this.#sending = (async () => {
      for (const payload of packChannels(batch)) {
        try {
          await this.#opts.send(payload);
        } catch (err) {
          this.#opts.onError(err);
        }
      }
    })();
    try {
      await this.#sending;
    } finally {
      this.#sending = undefined;
    }
    if (!this.#closed) this.#kick();
  }
}
