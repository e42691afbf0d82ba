/** The reports' tables (migration 0029) and their queries, for both engines; writers get the change's transaction. */
import { sql, type Generated, type Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';
import type { BusinessHours, TimeRange } from '../../../protocol/business-hours.js';

/** A conversation's state that its events need. */
export interface ReportConversationTable {
  session_id: number;
  channel_id: number;
  created_at: number;
  queued_at: number | null;
  first_visitor_at: number | null;
  first_reply_at: number | null;
  /** The first visitor message no operator has answered yet; null when none waits. */
  pending_since: number | null;
  rate: number | null;
  rated_day: string | null;
}

/** What happened, when, to whom, and how long it took. */
export interface ReportEventTable {
  id: Generated<number>;
  session_id: number | null;
  channel_id: number;
  /** The operator credited; 0 for none. */
  operator_id: number;
  kind: string;
  detail: string | null;
  /** The visitor's language tag, on `created` events. */
  language: string | null;
  at: number;
  day: string;
  wall_ms: number | null;
  business_ms: number | null;
}

/** A count of events (or of durations in one bucket) per channel, operator, local day, figure and basis. */
export interface ReportDailyTable {
  channel_id: number;
  operator_id: number;
  day: string;
  metric: string;
  basis: string;
  bucket: number;
  n: number;
}

// A type alias, not an interface: `withTables` wants an index-signature-compatible record.
type ReportDatabase = {
  report_conversation: ReportConversationTable;
  report_event: ReportEventTable;
  report_daily: ReportDailyTable;
  report_daily_channel: Omit<ReportDailyTable, 'operator_id'>;
  channel_business_hours: { channel_id: number; time_zone: string; week: string; closed_dates: string };
};

/** One aggregate change. */
export interface DailyDelta {
  channel_id: number;
  operator_id: number;
  day: string;
  metric: string;
  basis: string;
  bucket: number;
  n: number;
}

export type ReportConversation = ReportConversationTable;
export type NewReportEvent = Omit<ReportEventTable, 'id'>;
export type StoredReportEvent = NewReportEvent & { id: number };

const reports = (db: Kysely<Database>) => db.withTables<ReportDatabase>();

/** The channel's schedule, read in the writing transaction; undefined without one. */
export async function channelHours(db: Kysely<Database>, channelId: number): Promise<BusinessHours | undefined> {
  const row = await reports(db).selectFrom('channel_business_hours').select(['time_zone', 'week', 'closed_dates']).where('channel_id', '=', channelId).executeTakeFirst();
  return row ? { time_zone: row.time_zone, week: JSON.parse(row.week) as TimeRange[][], closed_dates: JSON.parse(row.closed_dates) as string[] } : undefined;
}

/** Starts following a conversation. */
export async function insertConversation(db: Kysely<Database>, row: Pick<ReportConversationTable, 'session_id' | 'channel_id' | 'created_at' | 'queued_at'>): Promise<void> {
  await reports(db).insertInto('report_conversation').values(row).onConflict((oc) => oc.column('session_id').doNothing()).execute();
}

/** The state of a followed conversation. */
export async function conversationState(db: Kysely<Database>, sessionId: number): Promise<ReportConversation | undefined> {
  return reports(db).selectFrom('report_conversation').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
}

/** Who holds the conversation now (null: nobody, it waits in the queue or is an offline message). */
export async function currentOperator(db: Kysely<Database>, sessionId: number): Promise<number | null> {
  const row = await db.selectFrom('visitor_session').select('operator_id').where('id', '=', sessionId).executeTakeFirst();
  return row?.operator_id ?? null;
}

/** Visitor messages at `at`: each conversation without a waiting message now waits from `at` (one statement). */
export async function markPending(db: Kysely<Database>, sessionIds: number[], at: number): Promise<void> {
  await reports(db)
    .updateTable('report_conversation')
    .set({ pending_since: at, first_visitor_at: sql<number>`COALESCE(first_visitor_at, ${at})` })
    .where('session_id', 'in', sessionIds)
    .where('pending_since', 'is', null)
    .execute();
}

/** Ends the reply cycle that waited from `pendingSince`; false when another write ended it first. */
export async function endCycle(db: Kysely<Database>, sessionId: number, pendingSince: number, at: number): Promise<boolean> {
  const result = await reports(db)
    .updateTable('report_conversation')
    .set({ pending_since: null, first_reply_at: sql<number>`COALESCE(first_reply_at, ${at})` })
    .where('session_id', '=', sessionId)
    .where('pending_since', '=', pendingSince)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records the conversation's latest rating (and the day of its first). */
export async function setRate(db: Kysely<Database>, sessionId: number, rate: number, ratedDay: string): Promise<void> {
  await reports(db).updateTable('report_conversation').set({ rate, rated_day: ratedDay }).where('session_id', '=', sessionId).execute();
}

/**
 * Adds aggregate changes per operator and, operators added up, per channel (migration 0031: what an
 * administrator's or supervisor's overview reads). One event's changes never share a key.
 */
async function addDeltas(db: Kysely<Database>, deltas: DailyDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await reports(db)
    .insertInto('report_daily')
    .values(deltas)
    .onConflict((oc) => oc.columns(['channel_id', 'day', 'metric', 'basis', 'operator_id', 'bucket']).doUpdateSet({ n: sql<number>`report_daily.n + excluded.n` }))
    .execute();
  await reports(db)
    .insertInto('report_daily_channel')
    .values(deltas.map(({ operator_id: _operator, ...d }) => d))
    .onConflict((oc) => oc.columns(['channel_id', 'day', 'basis', 'metric', 'bucket']).doUpdateSet({ n: sql<number>`report_daily_channel.n + excluded.n` }))
    .execute();
}

/** Stores an event and its aggregate changes. */
export async function storeEvent(db: Kysely<Database>, event: NewReportEvent, deltas: DailyDelta[]): Promise<void> {
  await reports(db).insertInto('report_event').values(event).execute();
  await addDeltas(db, deltas);
}

/** Changes one aggregate with no event (a rating changed its value). */
export async function bump(db: Kysely<Database>, delta: DailyDelta): Promise<void> {
  await addDeltas(db, [delta]);
}

/** A period's aggregates, summed over days, and over operators (the channel totals) unless one is named. */
export async function periodSums(
  db: Kysely<Database>,
  query: { channelIds: number[]; from: string; to: string; basis: string; operatorId?: number },
): Promise<{ metric: string; bucket: number; n: number }[]> {
  if (query.channelIds.length === 0) return [];
  const rows =
    query.operatorId === undefined
      ? await reports(db)
          .selectFrom('report_daily_channel')
          .select(['metric', 'bucket', sql<number | string>`SUM(n)`.as('n')])
          .where('channel_id', 'in', query.channelIds)
          .where('day', '>=', query.from)
          .where('day', '<=', query.to)
          .where('basis', 'in', ['count', query.basis])
          .groupBy(['metric', 'bucket'])
          .execute()
      : await reports(db)
          .selectFrom('report_daily')
          .select(['metric', 'bucket', sql<number | string>`SUM(n)`.as('n')])
          .where('operator_id', '=', query.operatorId)
          .where('day', '>=', query.from)
          .where('day', '<=', query.to)
          .where('channel_id', 'in', query.channelIds)
          .where('basis', 'in', ['count', query.basis])
          .groupBy(['metric', 'bucket'])
          .execute();
  return rows.map((r) => ({ metric: r.metric, bucket: Number(r.bucket), n: Number(r.n) }));
}

/** Every event, oldest first (tests recompute the aggregates from them). */
export async function allEvents(db: Kysely<Database>): Promise<StoredReportEvent[]> {
  const rows = await reports(db).selectFrom('report_event').selectAll().orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), at: Number(r.at), wall_ms: r.wall_ms === null ? null : Number(r.wall_ms), business_ms: r.business_ms === null ? null : Number(r.business_ms) }));
}

/** Every aggregate row with a count (tests). */
export async function allDaily(db: Kysely<Database>): Promise<ReportDailyTable[]> {
  const rows = await reports(db).selectFrom('report_daily').selectAll().where('n', '<>', 0).execute();
  return rows.map((r) => ({ ...r, n: Number(r.n), bucket: Number(r.bucket) }));
}

/** Every per-channel total with a count (tests). */
export async function allDailyChannel(db: Kysely<Database>): Promise<Omit<ReportDailyTable, 'operator_id'>[]> {
  const rows = await reports(db).selectFrom('report_daily_channel').selectAll().where('n', '<>', 0).execute();
  return rows.map((r) => ({ ...r, n: Number(r.n), bucket: Number(r.bucket) }));
}

/** Who the conversation's first rating was credited to, and its day; undefined before any rating. */
export async function firstRating(db: Kysely<Database>, sessionId: number): Promise<{ operator_id: number; day: string } | undefined> {
  return reports(db)
    .selectFrom('report_event')
    .select(['operator_id', 'day'])
    .where('session_id', '=', sessionId)
    .where('kind', '=', 'rating')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
