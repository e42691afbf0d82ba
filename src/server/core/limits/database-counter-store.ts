import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/tables.js';
import type { CounterState, CounterStore } from './counter-store.js';
import { counterKey } from './counter-key.js';

interface PendingHit {
  key: string;
  windowMs: number;
  now: number;
  resolve: (state: CounterState) => void;
  reject: (err: unknown) => void;
}

/** SQLSTATEs after which the same statement succeeds when run again: serialization failure, deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);
/** Attempts of one batch before its callers get the error. */
const ATTEMPTS = 5;

function retryable(err: unknown): boolean {
  return typeof err === 'object' && err !== null && RETRYABLE.has(String((err as { code?: unknown }).code));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Counters in the database, shared by every process on one PostgreSQL (issue 11: the same limit
 * whether one or four processes serve). Hits that arrive while a write is under way share the next
 * upsert (the twin of the bus's group commit), so a busy server pays one round trip per batch, not
 * per request; each caller still gets the exact count its hit reached.
 *
 * A batch locks its rows in key order, merged per key, so two batches (of this process or another)
 * never wait on each other in a cycle; this process writes one batch at a time, and a batch the
 * database still aborts (deadlock, serialization failure) is written again.
 */
export class DatabaseCounterStore implements CounterStore {
  #pending: PendingHit[] = [];
  #writing = false;

  constructor(private readonly db: Kysely<Database>) {}

  hit(key: string, windowMs: number, now: number): Promise<CounterState> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ key: counterKey(key), windowMs, now, resolve, reject });
      if (!this.#writing) {
        this.#writing = true;
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    while (this.#pending.length > 0) {
      const batch = this.#pending;
      this.#pending = [];
      await this.#write(batch);
    }
    this.#writing = false;
  }

  async #write(batch: PendingHit[]): Promise<void> {
    const byKey = new Map<string, PendingHit[]>();
    for (const hit of batch) {
      const list = byKey.get(hit.key);
      if (list) list.push(hit);
      else byKey.set(hit.key, [hit]);
    }
    // Code-unit order, the same in every process; the database takes the row locks in this order.
    const keys = [...byKey.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const now = Math.max(...batch.map((h) => h.now));
    const values = keys.map((key) => {
      const hits = byKey.get(key)!;
      return { key, count: hits.length, reset_at: now + hits[0]!.windowMs };
    });
    try {
      const rows = await this.#upsertWithRetries(values, now);
      for (const row of rows) {
        const hits = byKey.get(row.key) ?? [];
        const last = Number(row.count);
        // The hits of one key in this batch took the last `hits.length` counts, in arrival order.
        hits.forEach((h, i) => h.resolve({ count: last - hits.length + 1 + i, resetAt: Number(row.reset_at) }));
        byKey.delete(row.key);
      }
      for (const hits of byKey.values()) for (const h of hits) h.reject(new Error('the counter was not written'));
    } catch (err) {
      for (const h of batch) h.reject(err);
    }
  }

  async #upsertWithRetries(values: { key: string; count: number; reset_at: number }[], now: number) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.db
          .insertInto('rate_counter')
          .values(values)
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({
              count: sql<number>`CASE WHEN rate_counter.reset_at <= ${now} THEN excluded.count ELSE rate_counter.count + excluded.count END`,
              reset_at: sql<number>`CASE WHEN rate_counter.reset_at <= ${now} THEN excluded.reset_at ELSE rate_counter.reset_at END`,
            }),
          )
          .returning(['key', 'count', 'reset_at'])
          .execute();
      } catch (err) {
        if (attempt >= ATTEMPTS || !retryable(err)) throw err;
        // A random pause, growing with each attempt, so the batches that collided do not meet again.
        await pause(Math.random() * 10 * attempt);
      }
    }
  }

  async peek(key: string, now: number): Promise<CounterState | undefined> {
    const row = await this.db.selectFrom('rate_counter').select(['count', 'reset_at']).where('key', '=', counterKey(key)).where('reset_at', '>', now).executeTakeFirst();
    return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : undefined;
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counter').where('key', '=', counterKey(key)).execute();
  }

  async prune(now: number): Promise<void> {
    await this.db.deleteFrom('rate_counter').where('reset_at', '<=', now).execute();
  }
}
