/** The breakdowns' queries (issue 27), for both engines: sums of the aggregates grouped by operator, channel, hour, and the live reads. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';
import type { ReportConversationTable, ReportDailyTable, ReportEventTable } from './report-store.js';

/** Conversations created per channel, operator (0: none), local day and local hour (migration 0030). */
export interface ReportHourlyTable {
  channel_id: number;
  operator_id: number;
  day: string;
  hour: number;
  metric: string;
  n: number;
}

// A type alias, not an interface: `withTables` wants an index-signature-compatible record.
type BreakdownDatabase = {
  report_daily: ReportDailyTable;
  report_event: ReportEventTable;
  report_conversation: ReportConversationTable;
  report_hourly: ReportHourlyTable;
  conversation_tag: { id: number; channel_id: number; name: string };
  conversation_tagging: { session_id: number; tag_id: number };
};

const tables = (db: Kysely<Database>) => db.withTables<BreakdownDatabase>();

/** What a breakdown sums: channels, local days (inclusive), the duration basis, and one operator's figures only when set. */
export interface SumQuery {
  channelIds: number[];
  from: string;
  to: string;
  basis: string;
  operatorId?: number;
}

/** An aggregate sum of one group. */
export interface GroupSum {
  group: number;
  metric: string;
  bucket: number;
  n: number;
}

/** The period's aggregates summed per operator (`by: 'operator_id'`) or per channel. */
export async function sumsBy(db: Kysely<Database>, by: 'operator_id' | 'channel_id', query: SumQuery): Promise<GroupSum[]> {
  if (query.channelIds.length === 0) return [];
  let q = tables(db)
    .selectFrom('report_daily')
    .select([`${by} as group`, 'metric', 'bucket', sql<number | string>`SUM(n)`.as('n')])
    .where('channel_id', 'in', query.channelIds)
    .where('day', '>=', query.from)
    .where('day', '<=', query.to)
    .where('basis', 'in', ['count', query.basis]);
  if (query.operatorId !== undefined) q = q.where('operator_id', '=', query.operatorId);
  const rows = await q.groupBy([by, 'metric', 'bucket']).execute();
  return rows.map((r) => ({ group: Number(r.group), metric: r.metric, bucket: Number(r.bucket), n: Number(r.n) }));
}

/** Conversations opened with and replies sent by each operator, per local day (operators only, not 0). */
export async function operatorDays(db: Kysely<Database>, query: SumQuery): Promise<{ operator_id: number; day: string; metric: string; n: number }[]> {
  if (query.channelIds.length === 0) return [];
  let q = tables(db)
    .selectFrom('report_daily')
    .select(['operator_id', 'day', 'metric', sql<number | string>`SUM(n)`.as('n')])
    .where('channel_id', 'in', query.channelIds)
    .where('day', '>=', query.from)
    .where('day', '<=', query.to)
    .where('operator_id', '<>', 0)
    .where((eb) => eb.or([eb.and([eb('metric', '=', 'conversations'), eb('basis', '=', 'count')]), eb.and([eb('metric', '=', 'reply'), eb('basis', '=', 'wall')])]));
  if (query.operatorId !== undefined) q = q.where('operator_id', '=', query.operatorId);
  const rows = await q.groupBy(['operator_id', 'day', 'metric']).orderBy('day').execute();
  return rows.map((r) => ({ operator_id: Number(r.operator_id), day: r.day, metric: r.metric, n: Number(r.n) }));
}

/** An event of a tagged conversation in the period, with the tag (one row per tag the conversation carries now). */
export interface TaggedEvent {
  tag_id: number;
  name: string;
  channel_id: number;
  session_id: number;
  kind: string;
  ms: number | null;
  rate: number | null;
}

/** The period's creations, first responses, resolutions and ratings of conversations that carry a tag, read from the events of those days. */
export async function taggedEvents(db: Kysely<Database>, query: SumQuery): Promise<TaggedEvent[]> {
  if (query.channelIds.length === 0) return [];
  const ms = query.basis === 'business' ? 'e.business_ms' : 'e.wall_ms';
  let q = tables(db)
    .selectFrom('report_event as e')
    .innerJoin('conversation_tagging as ct', 'ct.session_id', 'e.session_id')
    .innerJoin('conversation_tag as t', 't.id', 'ct.tag_id')
    .leftJoin('report_conversation as rc', 'rc.session_id', 'e.session_id')
    .select(['t.id as tag_id', 't.name', 't.channel_id', 'ct.session_id', 'e.kind', `${ms} as ms`, 'rc.rate'])
    .where('e.channel_id', 'in', query.channelIds)
    .where('e.day', '>=', query.from)
    .where('e.day', '<=', query.to)
    .where('e.kind', 'in', ['created', 'first_response', 'resolved', 'rating']);
  if (query.operatorId !== undefined) q = q.where('e.operator_id', '=', query.operatorId);
  const rows = await q.execute();
  return rows.map((r) => ({
    tag_id: Number(r.tag_id),
    name: r.name,
    channel_id: Number(r.channel_id),
    session_id: Number(r.session_id),
    kind: r.kind,
    ms: r.ms === null ? null : Number(r.ms),
    rate: r.rate === null ? null : Number(r.rate),
  }));
}

/** Adds one to an hour's count, in the writing transaction. */
export async function bumpHour(db: Kysely<Database>, row: Omit<ReportHourlyTable, 'n'>): Promise<void> {
  await tables(db)
    .insertInto('report_hourly')
    .values({ ...row, n: 1 })
    .onConflict((oc) => oc.columns(['channel_id', 'day', 'metric', 'operator_id', 'hour']).doUpdateSet({ n: sql<number>`report_hourly.n + excluded.n` }))
    .execute();
}

/** The period's counts of `metric` per local day and hour. */
export async function hourSums(db: Kysely<Database>, metric: string, query: Omit<SumQuery, 'basis'>): Promise<{ day: string; hour: number; n: number }[]> {
  if (query.channelIds.length === 0) return [];
  let q = tables(db)
    .selectFrom('report_hourly')
    .select(['day', 'hour', sql<number | string>`SUM(n)`.as('n')])
    .where('channel_id', 'in', query.channelIds)
    .where('day', '>=', query.from)
    .where('day', '<=', query.to)
    .where('metric', '=', metric);
  if (query.operatorId !== undefined) q = q.where('operator_id', '=', query.operatorId);
  const rows = await q.groupBy(['day', 'hour']).execute();
  return rows.map((r) => ({ day: r.day, hour: Number(r.hour), n: Number(r.n) }));
}

/** Every hourly row with a count (tests recompute them from the events). */
export async function allHourly(db: Kysely<Database>): Promise<ReportHourlyTable[]> {
  const rows = await tables(db).selectFrom('report_hourly').selectAll().where('n', '<>', 0).execute();
  return rows.map((r) => ({ ...r, hour: Number(r.hour), n: Number(r.n) }));
}

/** Per channel: open live chats nobody holds (how many, the oldest's creation) and those an operator (or this one) holds. */
export async function liveCounts(
  db: Kysely<Database>,
  channelIds: number[],
  operatorId: number | undefined,
): Promise<Map<number, { waiting: number; oldest: number | null; open: number }>> {
  const counts = new Map(channelIds.map((id) => [id, { waiting: 0, oldest: null as number | null, open: 0 }]));
  if (channelIds.length === 0) return counts;
  const rows = await db
    .selectFrom('visitor_session')
    .select([
      'channel_id',
      sql<number | string>`SUM(CASE WHEN operator_id IS NULL THEN 1 ELSE 0 END)`.as('waiting'),
      sql<number | string | null>`MIN(CASE WHEN operator_id IS NULL THEN created_at END)`.as('oldest'),
      (operatorId === undefined ? sql<number | string>`SUM(CASE WHEN operator_id IS NOT NULL THEN 1 ELSE 0 END)` : sql<number | string>`SUM(CASE WHEN operator_id = ${operatorId} THEN 1 ELSE 0 END)`).as('open'),
    ])
    .where('channel_id', 'in', channelIds)
    .where('closed_at', 'is', null)
    .where('origin', '=', 'chat')
    .groupBy('channel_id')
    .execute();
  for (const r of rows) counts.set(Number(r.channel_id), { waiting: Number(r.waiting), oldest: r.oldest === null ? null : Number(r.oldest), open: Number(r.open) });
  return counts;
}

/** Operators' display names. */
export async function operatorNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('operator').select(['id', 'display_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), r.display_name ?? '']));
}
