/** Messages read with their author's name and attachments, as the widget and the console show them. */
import { sql, type Kysely } from 'kysely';
import type { Database, MessageRow } from '../../core/db/tables.js';
import type { MessageWithRelations } from './message-types.js';

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

/** The newest message of each of these sessions, keyed by session id: two queries whatever their number. */
export async function latestMessages(db: Kysely<Database>, sessionIds: readonly number[]): Promise<Map<number, MessageWithRelations>> {
  if (sessionIds.length === 0) return new Map();
  const newest = db.selectFrom('message').select((eb) => eb.fn.max('id').as('id')).where('session_id', 'in', sessionIds).groupBy('session_id');
  const rows = await withRelations(db, await withAuthor(db).where('m.id', 'in', newest).execute());
  return new Map(rows.map((m) => [m.session_id, m]));
}

/** How many of a conversation's waiting visitor messages nobody has read, and since when the oldest waits. */
export interface WaitingTally {
  unread: number;
  waiting_since: number | null;
}

/**
 * For each of these sessions, the visitor's messages after the operator's last one (README "Statuses and
 * views"): those past the read marker, and the oldest one's time. One query for the whole list; a session
 * without such messages is absent.
 */
export async function waitingTallies(db: Kysely<Database>, sessionIds: readonly number[]): Promise<Map<number, WaitingTally>> {
  if (sessionIds.length === 0) return new Map();
  const lastAnswer = db
    .selectFrom('message')
    .select(['session_id', (eb) => eb.fn.max('id').as('answer_id')])
    .where('session_id', 'in', sessionIds)
    .where('author_operator_id', 'is not', null)
    .groupBy('session_id')
    .as('answer');
  const rows = await db
    .selectFrom('message as m')
    .innerJoin('visitor_session as s', 's.id', 'm.session_id')
    .leftJoin(lastAnswer, 'answer.session_id', 'm.session_id')
    .where('m.session_id', 'in', sessionIds)
    .where('m.author_operator_id', 'is', null)
    .where('m.message_type', '=', 'comment')
    .where((eb) => eb('m.id', '>', eb.fn.coalesce('answer.answer_id', eb.lit(0))))
    .groupBy('m.session_id')
    .select([
      'm.session_id',
      sql<number | string>`sum(case when m.id > coalesce(s.operator_seen_message_id, 0) then 1 else 0 end)`.as('unread'),
      (eb) => eb.fn.min('m.created_at').as('since'),
    ])
    .execute();
  // PostgreSQL sums and some aggregates come back as text (bigint).
  return new Map(rows.map((r) => [r.session_id, { unread: Number(r.unread), waiting_since: r.since === null ? null : Number(r.since) }]));
}
