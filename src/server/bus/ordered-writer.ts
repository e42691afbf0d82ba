import { sql, type Kysely } from 'kysely';
import type { Database, BusNotificationRow } from '../store/schema.js';
import type { Engine } from '../store/database.js';
import type { NewNotification } from '../store/store.js';

/** Advisory lock key that orders bus writes on PostgreSQL ("lcbus" in ASCII). */
export const BUS_WRITE_LOCK = 0x6c63627573;

/** Test hooks of {@link insertNotificationsInOrder}. */
export interface OrderedWriteHooks {
  /** Runs inside the transaction after the insert, before the commit (tests delay commits with it). */
  beforeCommit?: () => Promise<void>;
}

/**
 * Writes notifications so that ids become visible in id order: "no commit-order gaps".
 *
 * With several writers on a sequence, a higher id can commit before a lower one; a poll that hands out
 * the higher id moves the client's `last` past the hole and the lower row is never delivered (Odoo's bus
 * lost notifications this way for years). Here every bus write runs in one transaction that first takes
 * a transaction-scoped advisory lock on PostgreSQL, so ids are drawn and committed by one writer at a
 * time, across every server process on the database; the lock is released only after the commit is
 * visible. SQLite already allows a single writer at a time (and Kysely keeps one connection), so the
 * same transaction gives the same order there.
 */
export async function insertNotificationsInOrder(
  db: Kysely<Database>,
  engine: Engine,
  rows: NewNotification[],
  now: number,
  hooks: OrderedWriteHooks = {},
): Promise<BusNotificationRow[]> {
  if (rows.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(${BUS_WRITE_LOCK})`.execute(trx);
    const inserted = await trx
      .insertInto('bus_notification')
      .values(rows.map((r) => ({ channel: r.channel, message: JSON.stringify(r.message), created_at: now })))
      .returningAll()
      .execute();
    await hooks.beforeCommit?.();
    return inserted;
  });
}
