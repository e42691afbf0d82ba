import type { FastifyBaseLogger } from 'fastify';
import type { KyselyOutboxStore, OutboxItem } from './outbox-store.js';
import type { OutboxMetrics } from './outbox-metrics.js';

/** How a topic's failed attempts are tried again: `baseMs`, then `factor` times longer each time, up to `maxMs`. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseMs: number;
  factor: number;
  maxMs: number;
}

/** Performs one side effect; a throw (or rejection) is a failed attempt. */
export type OutboxHandler = (payload: unknown, item: OutboxItem) => Promise<void>;

/** What the outbox needs. */
export interface OutboxDeps {
  store: Pick<KyselyOutboxStore, 'add' | 'due' | 'claim' | 'done' | 'failed' | 'reclaim'>;
  now(): number;
  metrics: OutboxMetrics;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How long a claim holds before a sweep takes the row back (its process is presumed stopped). */
  leaseMs: number;
  /** Rows a sweep handles at most; the next sweep takes the rest. */
  perSweep: number;
}

/** The wait after failed attempt number `attempt` (1 for the first). */
export function backoffMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.baseMs * policy.factor ** (attempt - 1), policy.maxMs);
}

const DEFAULT_POLICY: RetryPolicy = { attempts: 5, baseMs: 60_000, factor: 2, maxMs: 3600_000 };

/**
 * Side effects performed at least once, whichever server process gets to them: a row is added (in the
 * database), tried at once by the process that added it, and otherwise by the next sweep of any
 * process. A failed attempt waits with exponential backoff; past its topic's attempts the row is given up
 * (kept, state `dead`, logged and counted). Rows of one key run one after the other in the order they
 * were added. A process that stops mid-attempt leaves a claim that a sweep takes back once its lease ran
 * out, so a handler may run twice for one row: handlers must tolerate it.
 */
export class Outbox {
  readonly #handlers = new Map<string, { handler: OutboxHandler; policy: RetryPolicy }>();

  constructor(private readonly deps: OutboxDeps) {}

  /** Names the handler of `topic`; rows of a topic without a handler wait. */
  handle(topic: string, handler: OutboxHandler, policy: Partial<RetryPolicy> = {}): void {
    this.#handlers.set(topic, { handler, policy: { ...DEFAULT_POLICY, ...policy } });
  }

  /** Adds a side effect and tries it at once (awaited); a failure is left to the retries, never thrown. */
  async enqueue(topic: string, key: string, payload: unknown, options: { attemptsMade?: number } = {}): Promise<void> {
    const id = await this.deps.store.add({ topic, key, payload, ...options }, this.deps.now());
    await this.#run(id);
  }

  /** Takes back stale claims, then performs every row that is due, oldest first. */
  async sweep(): Promise<void> {
    const { store, now, log } = this.deps;
    const reclaimed = await store.reclaim(now());
    if (reclaimed > 0) log.warn({ rows: reclaimed }, 'outbox rows taken back from a stopped attempt');
    for (const id of await store.due(now(), this.deps.perSweep)) await this.#run(id);
  }

  /** Claims and performs one row; never throws. */
  async #run(id: number): Promise<void> {
    const { store, now, log, metrics } = this.deps;
    try {
      const item = await store.claim(id, now(), this.deps.leaseMs);
      if (!item) return;
      const entry = this.#handlers.get(item.topic);
      if (!entry) {
        // Another process (an older version, mid-upgrade) may know the topic: left for a later sweep.
        await store.failed(id, 'no handler', now() + DEFAULT_POLICY.baseMs, now());
        return;
      }
      metrics.attempts.inc({ topic: item.topic });
      try {
        if (item.attempt > entry.policy.attempts) throw new Error('no attempt left (a stopped process used the last one)');
        await entry.handler(item.payload, item);
        await store.done(id);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const retryAt = item.attempt < entry.policy.attempts ? now() + backoffMs(entry.policy, item.attempt) : null;
        metrics.failures.inc({ topic: item.topic });
        if (retryAt === null) metrics.givenUp.inc({ topic: item.topic });
        log.warn({ err: message, topic: item.topic, key: item.key, attempt: item.attempt, retry: retryAt !== null }, retryAt === null ? 'outbox side effect given up' : 'outbox side effect failed');
        await store.failed(id, message, retryAt, now());
      }
    } catch (err) {
      log.error({ err, id }, 'outbox row could not be processed');
    }
  }
}
