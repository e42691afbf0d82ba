/** The bus notification table: rows written after a commit, read by polls, pruned after their retention. */
import type { Kysely } from 'kysely';
import type { BusNotificationRow, Database } from '../../core/db/tables.js';
import type { NewNotification, NotificationQuery } from '../store/store.js';

export async function insertNotifications(db: Kysely<Database>, rows: NewNotification[], now: number): Promise<BusNotificationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('bus_notification')
    .values(rows.map((r) => ({ channel: r.channel, message: JSON.stringify(r.message), created_at: now })))
    .returningAll()
    .execute();
}

export async function listNotifications(db: Kysely<Database>, query: NotificationQuery): Promise<BusNotificationRow[]> {
  if (query.channels.length === 0) return [];
  let q = db.selectFrom('bus_notification').selectAll().where('channel', 'in', query.channels);
  if (query.afterId !== undefined) q = q.where('id', '>', query.afterId);
  if (query.since !== undefined) q = q.where('created_at', '>=', query.since);
  return q.orderBy('id').limit(query.limit ?? 1000).execute();
}

export async function maxNotificationId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('bus_notification')
    .select(({ fn }) => fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

export async function deleteNotificationsBefore(db: Kysely<Database>, time: number): Promise<number> {
  const result = await db.deleteFrom('bus_notification').where('created_at', '<', time).executeTakeFirst();
  return Number(result.numDeletedRows);
}
