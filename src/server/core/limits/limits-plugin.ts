import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { MemoryCounterStore, type CounterStore } from './counter-store.js';
import { FailOpenCounters } from './fail-open.js';
import { SplitCounters } from './split-counters.js';
import { addressKey } from './address.js';
import { DatabaseCounterStore } from './database-counter-store.js';
import { TooManyRequestsError } from '../rpc/errors.js';

/** The server's limits: per-address limits on routes (route `config.rateLimit`) and named quotas in handlers. */
export interface Limits {
  /** Where hits are counted: the database on PostgreSQL (every process shares it), this process on SQLite. */
  readonly counters: CounterStore;
  /** The database's counters alone, shared by every process on it (what `counters` keeps beyond this process). */
  readonly stored: CounterStore;
  /** Counts a hit on `key` and throws {@link TooManyRequestsError} once it passes `max` in `windowMs`. */
  take(key: string, max: number, windowMs: number): Promise<void>;
  /** Counts a hit on `key`: true while within `max` hits in `windowMs`. */
  allows(key: string, max: number, windowMs: number): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

interface AdapterParams {
  routeInfo?: { url?: string; method?: string };
}

type Callback = (err: Error | null, state?: { current: number; ttl: number }) => void;

/** @fastify/rate-limit's store contract over a {@link CounterStore}, one key space per route. */
function rateLimitStoreFor(counters: CounterStore, now: () => number) {
  return class CounterStoreAdapter {
    readonly #prefix: string;
    constructor(params: object = {}) {
      const route = (params as AdapterParams).routeInfo;
      this.#prefix = `route:${route?.method ?? ''}${route?.url ?? ''}:`;
    }
    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      counters.hit(this.#prefix + key, timeWindow, at).then(
        (state) => callback(null, { current: state.count, ttl: Math.max(state.resetAt - at, 0) }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(params: object): CounterStoreAdapter {
      return new CounterStoreAdapter(params);
    }
  };
}

/**
 * Registers @fastify/rate-limit (routes opt in with `config.rateLimit`) on the same counters as the
 * handlers' quotas, and prunes ended windows every minute.
 */
export const limitsPlugin = fp(
  async (app: FastifyInstance) => {
    const database = new DatabaseCounterStore(app.database.db);
    // A counter that cannot be read must not turn a legitimate request into an error (a database restart).
    const stored = new FailOpenCounters(database, {
      failedOpen: () => app.metrics.limitFailOpens.inc(),
      failed: (err) => app.log.warn({ err }, 'limit counters cannot be written: requests go uncounted for up to 30 s'),
    });
    const counters = app.database.engine === 'postgres' ? stored : new SplitCounters(new MemoryCounterStore(), stored);
    const now = () => app.clock.now();
    await app.register(rateLimit, {
      global: false,
      store: rateLimitStoreFor(counters, now),
      keyGenerator: (request) => addressKey(request.ip),
      // The counters decide for themselves when to go without (FailOpenCounters).
      skipOnError: false,
    });
    const take = async (key: string, max: number, windowMs: number): Promise<void> => {
      const at = now();
      const state = await counters.hit(key, windowMs, at);
      if (state.count > max) throw new TooManyRequestsError(Math.max(Math.ceil((state.resetAt - at) / 1000), 1));
    };
    const allows = async (key: string, max: number, windowMs: number): Promise<boolean> => {
      const state = await counters.hit(key, windowMs, now());
      return state.count <= max;
    };
    app.decorate('limits', { counters, stored: database, take, allows });
    // A refused call is answered late: a client that waits for each answer (a script in a loop) then
    // sends about one call a second instead of thousands, and costs the server almost nothing while
    // real visitors are served at full speed.
    const delay = app.config.rateLimitDelayMs;
    if (delay > 0) {
      app.addHook('onSend', async (_request, reply, payload) => {
        if (reply.statusCode === 429) await new Promise((resolve) => setTimeout(resolve, delay));
        return payload;
      });
    }
    const prune = setInterval(() => {
      counters.prune(now()).catch((err: unknown) => app.log.warn({ err }, 'pruning limit counters failed'));
    }, 60_000);
    prune.unref();
    app.addHook('onClose', async () => clearInterval(prune));
  },
  { name: 'limits', dependencies: ['database', 'clock', 'metrics'] },
);
