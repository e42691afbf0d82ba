import pg from 'pg';

/** The PostgreSQL channel every server process LISTENs on. */
export const BUS_NOTIFY_CHANNEL = 'livechat_bus';

/** What the listener is doing. */
export type ListenerState = 'idle' | 'connecting' | 'listening' | 'waiting' | 'closed';

/** Settings of a {@link PgBusListener}. */
export interface PgBusListenerOptions {
  connectionString: string;
  /** Channel names from another process's NOTIFY, or `all` when notifications may have been missed. */
  onWake: (channels: string[] | 'all') => void;
  /** A lost connection or a failed attempt; the listener retries by itself. */
  onError?: (err: unknown, retryInMs: number) => void;
  /** First reconnect delay; doubles per failed attempt up to `maxBackoffMs`. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * A quiet connection can die without the socket noticing (a NAT or proxy drops it). Re-issuing LISTEN
   * this often proves it alive; LISTEN on a channel already listened to changes nothing.
   */
  healthCheckMs?: number;
  /** A health check not answered within this is a dead connection. */
  healthTimeoutMs?: number;
  random?: () => number;
}

/** Reads a NOTIFY payload: a JSON array of channel names; `[]` or anything unreadable wakes every poll. */
export function parseWakePayload(payload: string | undefined): string[] | 'all' {
  try {
    const value: unknown = JSON.parse(payload ?? '');
    if (Array.isArray(value) && value.length > 0 && value.every((c) => typeof c === 'string')) return value as string[];
  } catch {
    // Waking every poll is always safe: each one re-reads the table and waits again if nothing is new.
  }
  return 'all';
}

/**
 * The one dedicated connection (not from the pool: a pooled connection would be handed to queries and
 * recycled) on which a server process LISTENs for other processes' commits (issue 4 "Fan-out").
 *
 * When the connection drops it reconnects with exponential backoff plus jitter, and after every LISTEN
 * that succeeds it wakes every held poll: NOTIFYs sent while nobody listened are gone, so the polls
 * re-read the table instead and nothing committed meanwhile is missed.
 */
export class PgBusListener {
  readonly #opts: Required<Omit<PgBusListenerOptions, 'onError'>> & Pick<PgBusListenerOptions, 'onError'>;
  #state: ListenerState = 'idle';
  #client: pg.Client | undefined;
  #attempts = 0;
  #retryTimer: NodeJS.Timeout | undefined;
  #healthTimer: NodeJS.Timeout | undefined;
  readonly #dropped = new WeakSet<pg.Client>();
  #firstListen: { promise: Promise<void>; resolve: () => void };

  constructor(opts: PgBusListenerOptions) {
    this.#opts = { initialBackoffMs: 100, maxBackoffMs: 10_000, healthCheckMs: 30_000, healthTimeoutMs: 10_000, random: Math.random, ...opts };
    let resolve: () => void = () => undefined;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    this.#firstListen = { promise, resolve };
  }

  /** Current state. */
  get state(): ListenerState {
    return this.#state;
  }

  /**
   * Connects and LISTENs. Resolves once listening or after `waitMs`, whichever comes first: a database
   * that is briefly unreachable at start must not stop the server (polls still end at their hold time).
   */
  async start(waitMs = 5_000): Promise<void> {
    if (this.#state !== 'idle') return;
    void this.#connect();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#firstListen.promise, new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
    clearTimeout(timer);
  }

  /** Closes the connection for good. */
  async close(): Promise<void> {
    this.#state = 'closed';
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#healthTimer);
    const client = this.#client;
    this.#client = undefined;
    if (client) {
      this.#dropped.add(client);
      await client.end().catch(() => undefined);
    }
  }

  // A method, not a field test: `close()` may run while `#connect` awaits, which narrowing cannot see.
  #isClosed(): boolean {
    return this.#state === 'closed';
  }

  async #connect(): Promise<void> {
    if (this.#isClosed()) return;
    this.#state = 'connecting';
    const client = new pg.Client({ connectionString: this.#opts.connectionString, keepAlive: true, application_name: 'live-chat bus listener' });
    client.on('notification', (message) => {
      if (message.channel === BUS_NOTIFY_CHANNEL && !this.#dropped.has(client)) this.#opts.onWake(parseWakePayload(message.payload));
    });
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client, new Error('the LISTEN connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${BUS_NOTIFY_CHANNEL}`);
    } catch (err) {
      this.#lost(client, err);
      return;
    }
    if (this.#dropped.has(client)) return;
    if (this.#isClosed()) {
      this.#dropped.add(client);
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#attempts = 0;
    this.#state = 'listening';
    this.#firstListen.resolve();
    this.#opts.onWake('all');
    this.#scheduleHealthCheck(client);
  }

  #scheduleHealthCheck(client: pg.Client): void {
    clearTimeout(this.#healthTimer);
    this.#healthTimer = setTimeout(() => {
      if (this.#client !== client) return;
      const timeout = setTimeout(() => this.#lost(client, new Error('the LISTEN connection stopped answering')), this.#opts.healthTimeoutMs);
      client.query(`LISTEN ${BUS_NOTIFY_CHANNEL}`).then(
        () => {
          clearTimeout(timeout);
          if (this.#client === client) this.#scheduleHealthCheck(client);
        },
        (err: unknown) => {
          clearTimeout(timeout);
          this.#lost(client, err);
        },
      );
    }, this.#opts.healthCheckMs);
    this.#healthTimer.unref();
  }

  #lost(client: pg.Client, err: unknown): void {
    if (this.#dropped.has(client)) return;
    this.#dropped.add(client);
    client.end().catch(() => undefined);
    if (this.#client === client) this.#client = undefined;
    if (this.#state === 'closed') return;
    clearTimeout(this.#healthTimer);
    const base = Math.min(this.#opts.maxBackoffMs, this.#opts.initialBackoffMs * 2 ** this.#attempts);
    // Jitter: after a database restart every server process would otherwise reconnect at the same instant.
    const delay = Math.round(base * (0.5 + this.#opts.random() / 2));
    this.#attempts += 1;
    this.#state = 'waiting';
    this.#opts.onError?.(err, delay);
    this.#retryTimer = setTimeout(() => void this.#connect(), delay);
  }
}
