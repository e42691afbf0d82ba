/** The reports' tables (migration 0029) and their queries, for both engines; writers get the change's transaction. */
import { sql, type Generated, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../core/db/tables.js';
import type { CycleState } from './reply-cycles.js';
import { cutIntoWeeks, weekOf } from './weeks.js';

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
  report_weekly_channel: Omit<ReportDailyTable, 'operator_id' | 'day'> & { week: string };
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

/** A `CASE session_id WHEN … THEN … END` of millisecond values, portable to both engines. */
function bySession(values: [number, number | null][]): RawBuilder<number | null> {
  return sql<number | null>`CASE session_id ${sql.join(values.map(([id, v]) => sql`WHEN ${id} THEN CAST(${v} AS BIGINT)`), sql` `)} END`;
}

/** Conversations whose first message of a batch came at the time given: each one with none waiting now waits from it (one statement). */
export async function markWaiting(db: Kysely<Database>, firsts: ReadonlyMap<number, number>): Promise<void> {
  if (firsts.size === 0) return;
  const at = bySession([...firsts]);
  await reports(db)
    .updateTable('report_conversation')
    .set({ pending_since: at, first_visitor_at: sql<number>`COALESCE(first_visitor_at, ${at})` })
    .where('session_id', 'in', [...firsts.keys()])
    .where('pending_since', 'is', null)
    .execute();
}

/** The reply-cycle state of the followed conversations among `sessionIds`. */
export async function cycleStates(db: Kysely<Database>, sessionIds: number[]): Promise<Map<number, CycleState>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await reports(db).selectFrom('report_conversation').select(['session_id', 'channel_id', 'first_visitor_at', 'first_reply_at', 'pending_since']).where('session_id', 'in', sessionIds).execute();
  const millis = (v: number | null) => (v === null ? null : Number(v));
  return new Map(rows.map((r) => [r.session_id, { session_id: r.session_id, channel_id: r.channel_id, first_visitor_at: millis(r.first_visitor_at), first_reply_at: millis(r.first_reply_at), pending_since: millis(r.pending_since) }]));
}

/** Writes the changed reply-cycle states (one statement). */
export async function saveCycleStates(db: Kysely<Database>, states: CycleState[]): Promise<void> {
  if (states.length === 0) return;
  const column = (key: 'pending_since' | 'first_visitor_at' | 'first_reply_at') => bySession(states.map((s) => [s.session_id, s[key]]));
  await reports(db)
    .updateTable('report_conversation')
    .set({ pending_since: column('pending_since'), first_visitor_at: column('first_visitor_at'), first_reply_at: column('first_reply_at') })
    .where('session_id', 'in', states.map((s) => s.session_id))
    .execute();
}

/** Records the conversation's latest rating (and the day of its first). */
export async function setRate(db: Kysely<Database>, sessionId: number, rate: number, ratedDay: string): Promise<void> {
  await reports(db).updateTable('report_conversation').set({ rate, rated_day: ratedDay }).where('session_id', '=', sessionId).execute();
}

/** Stores events and their aggregate changes (three statements whatever their number). */
export async function storeEvents(db: Kysely<Database>, events: { event: NewReportEvent; deltas: DailyDelta[] }[]): Promise<void> {
  if (events.length === 0) return;
  await reports(db).insertInto('report_event').values(events.map((e) => e.event)).execute();
  await addDeltas(db, events.flatMap((e) => e.deltas));
}

/** `deltas` summed per aggregate row that `key` names: PostgreSQL refuses an INSERT … ON CONFLICT changing one row twice. */
function summed<T extends { n: number }>(deltas: T[], key: (d: T) => unknown[]): T[] {
  const sums = new Map<string, T>();
  for (const d of deltas) {
    const k = JSON.stringify(key(d));
    const sum = sums.get(k);
    sums.set(k, sum ? { ...sum, n: sum.n + d.n } : d);
  }
  return [...sums.values()];
}

/**
 * Adds aggregate changes per operator and, operators added up, per channel and day (migration 0031)
 * and per channel and week (0035): what an administrator's or supervisor's overview reads.
 */
async function addDeltas(db: Kysely<Database>, deltas: DailyDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await reports(db)
    .insertInto('report_daily')
    .values(summed(deltas, (d) => [d.channel_id, d.operator_id, d.day, d.metric, d.basis, d.bucket]))
    .onConflict((oc) => oc.columns(['channel_id', 'day', 'metric', 'basis', 'operator_id', 'bucket']).doUpdateSet({ n: sql<number>`report_daily.n + excluded.n` }))
    .execute();
  await reports(db)
    .insertInto('report_daily_channel')
    .values(summed(deltas.map(({ operator_id: _operator, ...d }) => d), (d) => [d.channel_id, d.day, d.metric, d.basis, d.bucket]))
    .onConflict((oc) => oc.columns(['channel_id', 'day', 'basis', 'metric', 'bucket']).doUpdateSet({ n: sql<number>`report_daily_channel.n + excluded.n` }))
    .execute();
  await reports(db)
    .insertInto('report_weekly_channel')
    .values(summed(deltas.map(({ operator_id: _operator, day, ...d }) => ({ ...d, week: weekOf(day) })), (d) => [d.channel_id, d.basis, d.week, d.metric, d.bucket]))
    .onConflict((oc) => oc.columns(['channel_id', 'basis', 'week', 'metric', 'bucket']).doUpdateSet({ n: sql<number>`report_weekly_channel.n + excluded.n` }))
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
  if (query.operatorId === undefined) return channelPeriodSums(db, query);
  const rows = await reports(db)
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

/** The channels' totals of a period: its whole weeks from the weekly rows, the days at either end from the daily ones. */
async function channelPeriodSums(db: Kysely<Database>, query: { channelIds: number[]; from: string; to: string; basis: string }): Promise<{ metric: string; bucket: number; n: number }[]> {
  const cut = cutIntoWeeks(query.from, query.to);
  const parts = await Promise.all([
    ...(cut.weeks
      ? [
          reports(db)
            .selectFrom('report_weekly_channel')
            .select(['metric', 'bucket', sql<number | string>`SUM(n)`.as('n')])
            .where('channel_id', 'in', query.channelIds)
            .where('basis', 'in', ['count', query.basis])
            .where('week', '>=', cut.weeks.from)
            .where('week', '<=', cut.weeks.to)
            .groupBy(['metric', 'bucket'])
            .execute(),
        ]
      : []),
    ...cut.days.map((days) =>
      reports(db)
        .selectFrom('report_daily_channel')
        .select(['metric', 'bucket', sql<number | string>`SUM(n)`.as('n')])
        .where('channel_id', 'in', query.channelIds)
        .where('day', '>=', days.from)
        .where('day', '<=', days.to)
        .where('basis', 'in', ['count', query.basis])
        .groupBy(['metric', 'bucket'])
        .execute(),
    ),
  ]);
  const sums = new Map<string, { metric: string; bucket: number; n: number }>();
  for (const r of parts.flat()) {
    const key = `${r.metric}|${r.bucket}`;
    const sum = sums.get(key);
    if (sum) sum.n += Number(r.n);
    else sums.set(key, { metric: r.metric, bucket: Number(r.bucket), n: Number(r.n) });
  }
  return [...sums.values()];
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

/** Every weekly channel total with a count (tests). */
export async function allWeeklyChannel(db: Kysely<Database>): Promise<ReportDatabase['report_weekly_channel'][]> {
  const rows = await reports(db).selectFrom('report_weekly_channel').selectAll().where('n', '<>', 0).execute();
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
