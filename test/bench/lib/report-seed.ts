/**
 * Seeds the reports' tables for the reports scenario: ten channels (four with business hours in zones
 * with and without daylight saving), fifty operators, a supervisor and an operator who log in, and the
 * events and aggregates of `total` conversations (report-history.ts), in multi-row inserts inside
 * transactions. `report_conversation` holds only open conversations' state and references their
 * `visitor_session` rows, which the overview never reads: it stays empty, as after retention.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { BusinessHours, TimeRange } from '../../../src/protocol/business-hours.js';
import type { Database } from '../../../src/server/core/db/tables.js';
import type { Engine } from '../../../src/server/core/db/engine.js';
import { fillWeeklyTotals } from '../../../src/server/core/db/migrations/0035-reports-weekly-totals.js';
import { KyselyBusinessHoursStore } from '../../../src/server/features/business-hours/business-hours-store.js';
import type { DailyDelta, NewReportEvent } from '../../../src/server/features/reports/report-store.js';
import { conversationAt, written, type HoursOracle, type SeedChannel } from './report-history.js';

const OPERATORS = 50;
const week = (days: number, ...ranges: [string, string][]): TimeRange[][] =>
  Array.from({ length: 7 }, (_, d) => (d < days ? ranges.map(([start, end]) => ({ start, end })) : []));
const schedule = (time_zone: string, weekRanges: TimeRange[][], closed_dates: string[] = []): BusinessHours => ({ time_zone, week: weekRanges, closed_dates });

/** Each channel: five operators of its own and three shared with the next channels. */
const members = (k: number): number[] => [0, 1, 2, 3, 4, 5, 6, 7].map((i) => (5 * k + i) % OPERATORS);

/** The seed's channels; operator indexes run from 0 to 49. */
export const SEED_CHANNELS: readonly SeedChannel[] = [
  { members: members(0), hours: schedule('America/New_York', week(5, ['08:30', '18:00']), ['2024-03-20', '2025-12-25', '2026-07-03']) },
  { members: members(1), hours: schedule('Europe/Paris', week(5, ['09:00', '12:30'], ['13:30', '18:00']), ['2025-12-25', '2026-05-01']) },
  { members: members(2), hours: schedule('Asia/Kolkata', week(6, ['10:00', '19:00'])) },
  { members: members(3), hours: schedule('Australia/Sydney', week(5, ['08:00', '17:00'])) },
  ...[4, 5, 6, 7, 8, 9].map((k) => ({ members: members(k) })),
];

/** Who logs in to read the overview. */
export const SEED_PASSWORD = 'bench-reports-password';
export const SUPERVISOR_LOGIN = 'bench-supervisor';
export const OPERATOR_LOGIN = 'bench-operator';
/** The supervisor oversees three channels; the operator (operator index 5) is a member of two. */
const SUPERVISED = [0, 1, 2];
const PLAIN_OPERATOR = 5;

/** Rows ids of the seed's channels and operators, by index. */
export interface SeedIds {
  channels: number[];
  operators: number[];
}

/** Creates the channels, their schedules and members, the supervisor and the operators. */
export async function seedStructure(app: FastifyInstance): Promise<SeedIds> {
  const hoursStore = new KyselyBusinessHoursStore(app.database.db);
  const channels: number[] = [];
  for (const [i, c] of SEED_CHANNELS.entries()) {
    const channel = await app.store.createChannel({ name: `Reports ${i}` });
    if (c.hours) await hoursStore.set(channel.id, c.hours, Date.now());
    channels.push(channel.id);
  }
  const operators: number[] = [];
  // One password hash (scrypt, tens of milliseconds) serves every operator: only two of them log in.
  const first = await app.store.createOperator({ login: OPERATOR_LOGIN, display_name: `Operator ${PLAIN_OPERATOR}`, password: SEED_PASSWORD });
  for (let i = 0; i < OPERATORS; i++) {
    if (i === PLAIN_OPERATOR) {
      operators.push(first.id);
      continue;
    }
    const row = { login: `bench-reports-${i}`, display_name: `Operator ${i}`, email: null, password_hash: first.password_hash, is_admin: 0, created_at: Date.now() };
    operators.push((await app.database.db.insertInto('operator').values(row).returning('id').executeTakeFirstOrThrow()).id);
  }
  for (const [k, c] of SEED_CHANNELS.entries()) for (const m of c.members) await app.store.addChannelOperator(channels[k] as number, operators[m] as number);
  const supervisor = await app.store.createOperator({ login: SUPERVISOR_LOGIN, display_name: 'Supervisor', password: SEED_PASSWORD });
  for (const k of SUPERVISED) await app.store.roles.setRole(channels[k] as number, supervisor.id, 'supervisor');
  return { channels, operators };
}

const EVENT_BATCH = 2000;
const DAILY_BATCH = 4000;
const EVENT_COLUMNS = ['session_id', 'channel_id', 'operator_id', 'kind', 'detail', 'language', 'at', 'day', 'wall_ms', 'business_ms'] as const;
/** report_daily's; report_daily_channel's without the first. */
const DAILY_COLUMNS = ['operator_id', 'channel_id', 'day', 'metric', 'basis', 'bucket', 'n'] as const;
/** Conversations generated, then written in one transaction. */
const CHUNK = 20_000;
const DAY = 86_400_000;

/** What the seed wrote. */
export interface SeedCounts {
  events: number;
  daily: number;
}

/**
 * Writes the events and aggregates of `total` conversations created over [start, end). Conversations come
 * in time order and none lasts a day, so a day's aggregates are final once conversations are two days past it.
 */
export async function seedReports(
  db: Kysely<Database>,
  engine: Engine,
  ids: SeedIds,
  total: number,
  span: { start: number; end: number; oracle: HoursOracle },
  log: (m: string) => void,
): Promise<SeedCounts> {
  const { start, end, oracle } = span;
  const byDay = new Map<string, Map<string, DailyDelta>>();
  const counts: SeedCounts = { events: 0, daily: 0 };
  const finalDays = (before: string): DailyDelta[] => {
    const rows: DailyDelta[] = [];
    for (const [day, rowsOfDay] of byDay) {
      if (day >= before) continue;
      for (const r of rowsOfDay.values()) if (r.n !== 0) rows.push(r);
      byDay.delete(day);
    }
    return rows;
  };
  const write = (events: NewReportEvent[], daily: DailyDelta[]) =>
    db.transaction().execute(async (trx) => {
      for (let i = 0; i < events.length; i += EVENT_BATCH) await insertRows(trx, 'report_event', EVENT_COLUMNS, events.slice(i, i + EVENT_BATCH));
      for (let i = 0; i < daily.length; i += DAILY_BATCH) await insertRows(trx, 'report_daily', DAILY_COLUMNS, daily.slice(i, i + DAILY_BATCH));
      const totals = channelTotals(daily);
      for (let i = 0; i < totals.length; i += DAILY_BATCH) await insertRows(trx, 'report_daily_channel', DAILY_COLUMNS.slice(1), totals.slice(i, i + DAILY_BATCH));
      counts.events += events.length;
      counts.daily += daily.length;
    });
  const t0 = Date.now();
  for (let first = 0; first < total; first += CHUNK) {
    const events: NewReportEvent[] = [];
    let lastAt = start;
    for (let i = first; i < Math.min(total, first + CHUNK); i++) {
      const c = conversationAt(SEED_CHANNELS, i, total, start, end);
      const w = written(c, i + 1, ids, oracle);
      for (const e of w.events) events.push(e);
      for (const d of w.deltas) addDelta(byDay, d);
      lastAt = c.at;
    }
    await write(events, finalDays(new Date(lastAt - 2 * DAY).toISOString().slice(0, 10)));
    if ((first / CHUNK) % 10 === 9) log(`  ${(first + CHUNK).toLocaleString('en')} conversations in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  await write([], finalDays('9999-12-31'));
  // The weeks are summed once every day is final, as migration 0035 sums an existing database's.
  await fillWeeklyTotals(db as unknown as Kysely<unknown>, engine);
  return counts;
}

/** Final days' rows with operators added up, as the writers keep them in report_daily_channel. */
function channelTotals(daily: readonly DailyDelta[]): Omit<DailyDelta, 'operator_id'>[] {
  const totals = new Map<string, Omit<DailyDelta, 'operator_id'>>();
  for (const { operator_id: _operator, ...d } of daily) {
    const key = `${d.channel_id}|${d.day}|${d.metric}|${d.basis}|${d.bucket}`;
    const row = totals.get(key);
    if (row) row.n += d.n;
    else totals.set(key, { ...d });
  }
  return [...totals.values()].filter((r) => r.n !== 0);
}

function addDelta(byDay: Map<string, Map<string, DailyDelta>>, d: DailyDelta): void {
  let rows = byDay.get(d.day);
  if (!rows) byDay.set(d.day, (rows = new Map()));
  const key = `${d.channel_id}|${d.operator_id}|${d.metric}|${d.basis}|${d.bucket}`;
  const row = rows.get(key);
  if (row) row.n += d.n;
  else rows.set(key, { ...d });
}

/** A value the seed made (numbers, dates and names of its own, never a quote): written as a literal. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return String(v);
  const text = String(v);
  if (!/^[\w:.-]*$/.test(text)) throw new Error(`unexpected seed value ${text}`);
  return `'${text}'`;
}

/** One multi-row INSERT as literal SQL: compiling thousands of bound parameters costs more than the insert. */
async function insertRows(db: Kysely<Database>, table: string, columns: readonly string[], rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => `(${columns.map((c) => literal((r as Record<string, unknown>)[c])).join(',')})`).join(',');
  await sql.raw(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${values}`).execute(db);
}
