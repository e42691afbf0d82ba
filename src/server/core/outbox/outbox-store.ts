/**
 * The outbox's table: side effects to perform at least once, in order per key, claimed by one process
 * at a time. A row is deleted once its handler succeeded; a row given up stays, state `dead`.
 */
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../db/tables.js';

/** Where a row stands: waiting (possibly for its retry time), taken by a process, or given up. */
export type OutboxState = 'pending' | 'claimed' | 'dead';

/** One side effect waiting to be performed. */
export interface OutboxTable {
  id: Generated<number>;
  /** Which handler performs it. */
  topic: string;
  /** Rows of one key are performed one after the other, in the order they were added. */
  key: string;
  /** The handler's input, as JSON. */
  payload: string;
  state: OutboxState;
  /** Attempts started so far (a claim counts as one). */
  attempts: number;
  /** Not tried before this time. */
  next_attempt_at: number;
  /** A claim older than this was left by a process that stopped: a sweep takes the row back. */
  claimed_until: number | null;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** The app's database handle; the outbox adds its own table's type to it, so the app's schema type does not name it. */
export type OutboxHandle = Kysely<Database>;

// A type alias, not an interface: `withTables` wants an index-signature-compatible record.
type OutboxDatabase = {
  outbox: OutboxTable;
};

/** A row as a handler gets it. */
export interface OutboxItem {
  id: number;
  topic: string;
  key: string;
  payload: unknown;
  /** This attempt's number, 1 for the first. */
  attempt: number;
}

/** What to add. */
export interface NewOutboxItem {
  topic: string;
  key: string;
  payload: unknown;
  /** Attempts already made elsewhere (rows carried over from before the outbox); 0 by default. */
  attemptsMade?: number;
}

/** Unfinished rows per topic, for `/metrics`. */
export interface OutboxCount {
  topic: string;
  state: OutboxState;
  count: number;
}

/** The outbox's queries, for both engines. */
export class KyselyOutboxStore {
  private readonly db: Kysely<Database & OutboxDatabase>;

  constructor(handle: OutboxHandle) {
    this.db = handle.withTables<OutboxDatabase>();
  }

  /** Adds a row, due at once; its id. */
  async add(item: NewOutboxItem, now: number): Promise<number> {
    const row = await this.db
      .insertInto('outbox')
      .values({ topic: item.topic, key: item.key, payload: JSON.stringify(item.payload ?? null), state: 'pending', attempts: item.attemptsMade ?? 0, next_attempt_at: now, claimed_until: null, last_error: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Ids of the rows due now, oldest first. */
  async due(now: number, limit: number): Promise<number[]> {
    const rows = await this.db.selectFrom('outbox').select('id').where('state', '=', 'pending').where('next_attempt_at', '<=', now).orderBy('id').limit(limit).execute();
    return rows.map((r) => r.id);
  }

  /**
   * Takes a due row for `leaseMs` and counts the attempt; undefined when another process took it first, it
   * is not due, or an earlier row of its key is unfinished. One UPDATE is the claim: on PostgreSQL a second
   * process's UPDATE waits for the first one's and then finds the row no longer pending.
   */
  async claim(id: number, now: number, leaseMs: number): Promise<OutboxItem | undefined> {
    const row = await this.db
      .updateTable('outbox')
      .set((eb) => ({ state: 'claimed', attempts: eb('attempts', '+', 1), claimed_until: now + leaseMs, updated_at: now }))
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where(({ exists, not, selectFrom }) =>
        not(exists(selectFrom('outbox as prior').select('prior.id').whereRef('prior.key', '=', 'outbox.key').whereRef('prior.id', '<', 'outbox.id').where('prior.state', 'in', ['pending', 'claimed']))),
      )
      .returning(['id', 'topic', 'key', 'payload', 'attempts'])
      .executeTakeFirst();
    return row && { id: row.id, topic: row.topic, key: row.key, payload: JSON.parse(row.payload) as unknown, attempt: row.attempts };
  }

  /** The handler succeeded: the row goes. */
  async done(id: number): Promise<void> {
    await this.db.deleteFrom('outbox').where('id', '=', id).execute();
  }

  /** The handler failed: the row waits until `retryAt`, or is given up (null). */
  async failed(id: number, error: string, retryAt: number | null, now: number): Promise<void> {
    const values = retryAt === null ? { state: 'dead' as const, claimed_until: null } : { state: 'pending' as const, next_attempt_at: retryAt, claimed_until: null };
    await this.db.updateTable('outbox').set({ ...values, last_error: error.slice(0, 1000), updated_at: now }).where('id', '=', id).execute();
  }

  /** Takes back the rows whose claim ran out (their process stopped or hung); how many. */
  async reclaim(now: number): Promise<number> {
    const rows = await this.db
      .updateTable('outbox')
      .set({ state: 'pending', claimed_until: null, next_attempt_at: now, updated_at: now })
      .where('state', '=', 'claimed')
      .where('claimed_until', '<', now)
      .returning('id')
      .execute();
    return rows.length;
  }

  /** Rows per topic and state. */
  async counts(): Promise<OutboxCount[]> {
    const rows = await this.db.selectFrom('outbox').select(['topic', 'state']).select((eb) => eb.fn.countAll<number | string>().as('count')).groupBy(['topic', 'state']).execute();
    return rows.map((r) => ({ topic: r.topic, state: r.state, count: Number(r.count) }));
  }
}
