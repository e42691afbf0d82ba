/** The bus notification table: rows written after a commit, read by polls, pruned after their retention. */
import type { Kysely } from 'kysely';
import type { BusNotificationRow, Database } from '../db/tables.js';

/** A notification to store: its channel and its payload (stored as JSON text). */
export interface NewNotification {
  channel: string;
  message: unknown;
}

/** Reading options for bus notifications (used by the long-polling route). */
export interface NotificationQuery {
  channels: readonly string[];
  /** Rows with an id above this. */
  afterId?: number;
  /** Rows created at or after this epoch-ms time (the first poll's replay window). */
  since?: number;
  limit?: number;
}

/** Stores `rows` as they are, outside the ordered writer (tests and tools only; publishers use `app.bus`). */
export async function insertNotifications(db: Kysely<Database>, rows: NewNotification[], now: number): Promise<BusNotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('bus_notification')
    .values(rows.map((r) => ({ channel: r.channel, message: JSON.stringify(r.message), created_at: now })))
    .returningAll()
    .execute();
}

/** The notifications of `query.channels`, oldest first. */
export async function listNotifications(db: Kysely<Database>, query: NotificationQuery): Promise<BusNotificationRow[]> {
  if (query.channels.length === 0) return [];
  let q = db.selectFrom('bus_notification').selectAll().where('channel', 'in', query.channels);
  if (query.afterId !== undefined) q = q.where('id', '>', query.afterId);
  if (query.since !== undefined) q = q.where('created_at', '>=', query.since);
  return q.orderBy('id').limit(query.limit ?? 1000).execute();
}

/** The newest notification id, 0 when there is none. */
export async function maxNotificationId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('bus_notification')
    .select(({ fn }) => fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Deletes the notifications created before `time`; the number deleted. */
export async function deleteNotificationsBefore(db: Kysely<Database>, time: number): Promise<number> {
  const result = await db.deleteFrom('bus_notification').where('created_at', '<', time).executeTakeFirst();
  return Number(result.numDeletedRows);
}
