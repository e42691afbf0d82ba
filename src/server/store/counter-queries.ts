import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { CounterState, CounterStore } from '../limits/counter-store.js';

interface PendingHit {
  key: string;
  windowMs: number;
  now: number;
  resolve: (state: CounterState) => void;
  reject: (err: unknown) => void;
}

/**
 * Counters in the database, shared by every process on one PostgreSQL (issue 11: the same limit
 * whether one or four processes serve). Hits that arrive in the same event-loop turn share one upsert
 * (the twin of the bus's group commit), so a busy server pays one round trip per turn, not per request;
 * each caller still gets the exact count its hit reached.
 */
export class DatabaseCounterStore implements CounterStore {
  #pending: PendingHit[] = [];
  #scheduled = false;

  constructor(private readonly db: Kysely<Database>) {}

  hit(key: string, windowMs: number, now: number): Promise<CounterState> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ key, windowMs, now, resolve, reject });
      if (this.#scheduled) return;
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        const batch = this.#pending;
        this.#pending = [];
        void this.#write(batch);
      });
    });
  }

  async #write(batch: PendingHit[]): Promise<void> {
    const byKey = new Map<string, PendingHit[]>();
    for (const hit of batch) {
      const list = byKey.get(hit.key);
      if (list) list.push(hit);
      else byKey.set(hit.key, [hit]);
    }
    const now = Math.max(...batch.map((h) => h.now));
    try {
      const rows = await this.db
        .insertInto('rate_counter')
        .values([...byKey].map(([key, hits]) => ({ key, count: hits.length, reset_at: now + hits[0]!.windowMs })))
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`CASE WHEN rate_counter.reset_at <= ${now} THEN excluded.count ELSE rate_counter.count + excluded.count END`,
            reset_at: sql<number>`CASE WHEN rate_counter.reset_at <= ${now} THEN excluded.reset_at ELSE rate_counter.reset_at END`,
          }),
        )
        .returning(['key', 'count', 'reset_at'])
        .execute();
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

  async peek(key: string, now: number): Promise<CounterState | undefined> {
    const row = await this.db.selectFrom('rate_counter').select(['count', 'reset_at']).where('key', '=', key).where('reset_at', '>', now).executeTakeFirst();
    return row ? { count: Number(row.count), resetAt: Number(row.reset_at) } : undefined;
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_counter').where('key', '=', key).execute();
  }

  async prune(now: number): Promise<void> {
    await this.db.deleteFrom('rate_counter').where('reset_at', '<=', now).execute();
  }
}
