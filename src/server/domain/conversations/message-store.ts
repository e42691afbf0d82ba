/** Messages read with their author's name and attachments, as the widget and the console show them. */
import type { Kysely } from 'kysely';
import type { Database, MessageRow } from '../../core/db/tables.js';
import type { MessageWithRelations } from '../store/store.js';

async function withRelations(db: Kysely<Database>, rows: (MessageRow & { author_name: string | null })[]): Promise<MessageWithRelations[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const attachments = await db.selectFrom('attachment').selectAll().where('message_id', 'in', ids).orderBy('id').execute();
  return rows.map((r) => ({ ...r, attachments: attachments.filter((a) => a.message_id === r.id) }));
}

function withAuthor(db: Kysely<Database>) {
  return db.selectFrom('message as m').leftJoin('operator as o', 'o.id', 'm.author_operator_id').selectAll('m').select('o.display_name as author_name');
}

/** The newest `limit` messages of a session (before `beforeId` when given), newest first. */
export async function listMessages(db: Kysely<Database>, sessionId: number, limit: number, beforeId?: number): Promise<MessageWithRelations[]> {
  let q = withAuthor(db).where('m.session_id', '=', sessionId);
  if (beforeId !== undefined) q = q.where('m.id', '<', beforeId);
  return withRelations(db, await q.orderBy('m.id', 'desc').limit(limit).execute());
}

/** One message with its author's name and attachments. */
export async function getMessage(db: Kysely<Database>, id: number): Promise<MessageWithRelations | undefined> {
  const row = await withAuthor(db).where('m.id', '=', id).executeTakeFirst();
  return row ? (await withRelations(db, [row]))[0] : undefined;
}
