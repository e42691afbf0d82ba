/**
 * Issue 27: `reports/overview` over a year of history, through HTTP on the built server, on SQLite and on
 * PostgreSQL. The reports' tables are seeded (lib/report-seed.ts) with the events and aggregates of
 * 1,000,000 conversations over 13 months (5,000 with --quick, which checks the scenario runs, not the bound), ten channels, fifty operators; then the
 * overview is asked, after a warm-up, N times in a row per case: today, 7 and 30 days, a custom 366 days;
 * as the administrator (every channel), a supervisor (three channels) and an operator (own figures, two
 * channels); wall-clock and business-hours basis. The bound: 30 days ≤ 200 ms p95 on each engine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { BenchContext, ScenarioResult } from '../lib/scenario.js';
import { ROOT_DIR } from '../lib/support.js';
import { percentile, sortedCopy } from '../lib/stats.js';
import { benchDatabase } from '../lib/postgres.js';
import { BENCH_ADMIN_PASSWORD, startProductServer } from '../lib/product-server.js';
import { RpcClient } from '../lib/rpc.js';
import type { Row } from '../lib/table.js';
import { OPERATOR_LOGIN, SEED_CHANNELS, SEED_PASSWORD, SUPERVISOR_LOGIN, seedReports, seedStructure } from '../lib/report-seed.js';
import { hoursOracle, type HoursOracle } from '../lib/report-history.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/core/config/config.js';
import { SESSION_AUTHENTICATE_ROUTE } from '../../../src/protocol/routes.js';
import { REPORTS_OVERVIEW_ROUTE, type ReportsOverview } from '../../../src/protocol/console/reports.js';

const TARGET_P95_MS = 200;
const DAY = 86_400_000;
/** Thirteen months of history, ending a few hours ago so every event of the last conversations is past. */
const HISTORY_DAYS = 395;

type Span = { start: number; end: number; oracle: HoursOracle };
type Role = 'admin' | 'supervisor' | 'operator';
type Period = 'today' | '7d' | '30d' | '366d';

const ROLES: Record<Role, { login: string; password: string }> = {
  admin: { login: 'admin', password: BENCH_ADMIN_PASSWORD },
  supervisor: { login: SUPERVISOR_LOGIN, password: SEED_PASSWORD },
  operator: { login: OPERATOR_LOGIN, password: SEED_PASSWORD },
};

function paramsOf(period: Period, basis: 'wall' | 'business'): Record<string, unknown> {
  if (period !== '366d') return { period, basis };
  const today = Date.now();
  return { period: 'custom', from: new Date(today - 365 * DAY).toISOString().slice(0, 10), to: new Date(today).toISOString().slice(0, 10), basis };
}

async function login(url: string, who: { login: string; password: string }): Promise<RpcClient> {
  const anonymous = new RpcClient(url);
  try {
    const reply = await anonymous.raw(SESSION_AUTHENTICATE_ROUTE, { db: 'livechat', login: who.login, password: who.password });
    const cookie = reply.setCookie.map((c) => c.split(';')[0]).find((c) => c?.startsWith('session_id='));
    if (reply.error || !cookie) throw new Error(`log-in of ${who.login} failed`);
    return new RpcClient(url, { cookie });
  } finally {
    anonymous.close();
  }
}

/** Seeds a fresh database of the engine; returns what the built server needs to open it. */
async function seeded(engine: 'sqlite' | 'postgres', total: number, span: Span, ctx: BenchContext): Promise<{ dataDir: string; databaseUrl?: string; rows: Row[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-bench-reports-'));
  const databaseUrl = engine === 'postgres' ? await benchDatabase() : undefined;
  const env: Record<string, string> = { DATA_DIR: dataDir, LIVECHAT_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const app = await buildApp({ config: loadConfig(env, ROOT_DIR) });
  try {
    const t0 = Date.now();
    const ids = await seedStructure(app);
    const counts = await seedReports(app.database.db, app.database.engine, ids, total, span, ctx.log);
    // What autovacuum does after a bulk load; SQLite's planner needs no statistics for these queries.
    if (engine === 'postgres') await sql`ANALYZE`.execute(app.database.db);
    const seconds = (Date.now() - t0) / 1000;
    ctx.log(`${engine}: seeded in ${seconds.toFixed(0)} s`);
    const row: Row = {
      scenario: 'reports',
      metric: `${engine}: seed ${total.toLocaleString('en')} conversations, ${HISTORY_DAYS} days`,
      value: `${seconds.toFixed(0)} s`,
      reference: `${counts.events.toLocaleString('en')} events, ${counts.daily.toLocaleString('en')} daily aggregate rows`,
    };
    return { dataDir, ...(databaseUrl ? { databaseUrl } : {}), rows: [row] };
  } finally {
    await app.close();
  }
}

/** One engine: seed, start the built server on that database, time every case. */
async function measureEngine(engine: 'sqlite' | 'postgres', total: number, runs: number, span: Span, ctx: BenchContext): Promise<{ rows: Row[]; data: Record<string, unknown> }> {
  const seed = await seeded(engine, total, span, ctx);
  const server = await startProductServer({ dataDir: seed.dataDir, ...(seed.databaseUrl ? { databaseUrl: seed.databaseUrl } : {}), env: { RATE_LIMIT_REPORTS: '100000000' } });
  const rows: Row[] = [...seed.rows];
  const data: Record<string, unknown> = {};
  const clients: RpcClient[] = [];
  try {
    for (const role of Object.keys(ROLES) as Role[]) {
      const client = await login(server.url, ROLES[role]);
      clients.push(client);
      for (const period of ['30d', '7d', 'today', '366d'] as const) {
        for (const basis of ['wall', 'business'] as const) {
          const params = paramsOf(period, basis);
          let conversations = 0;
          for (let i = 0; i < (ctx.quick ? 2 : 5); i++) await client.call<ReportsOverview>(REPORTS_OVERVIEW_ROUTE, params);
          const ms: number[] = [];
          for (let i = 0; i < runs; i++) {
            const t0 = performance.now();
            const answer = await client.call<ReportsOverview>(REPORTS_OVERVIEW_ROUTE, params);
            ms.push(performance.now() - t0);
            conversations = answer.current.conversations;
          }
          const s = sortedCopy(ms);
          const [p50, p95, max] = [percentile(s, 50), percentile(s, 95), s[s.length - 1] as number];
          const bound = period === '30d' ? `; bound p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}` : '';
          rows.push({
            scenario: 'reports',
            metric: `${engine}: ${role}, ${period}, ${basis} (${conversations.toLocaleString('en')} conversations), p95`,
            value: `${p95.toFixed(1)} ms`,
            reference: `p50 ${p50.toFixed(1)} ms, max ${max.toFixed(1)} ms, ${runs} requests${bound}`,
          });
          data[`${engine}:${role}:${period}:${basis}`] = { p50, p95, max, runs, conversations };
          ctx.log(`  ${engine} ${role} ${period} ${basis}: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms`);
        }
      }
    }
  } finally {
    for (const c of clients) c.close();
    await server.stop();
  }
  return { rows, data };
}

/** The scenario: SQLite, then PostgreSQL (noted as not measured when it is not installed). */
export async function reportsScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const total = ctx.quick ? 5_000 : 1_000_000;
  const runs = ctx.quick ? 5 : 60;
  const result: ScenarioResult = { name: 'reports', rows: [], data: { conversations: total, runs, historyDays: HISTORY_DAYS }, notMeasured: [] };
  // History ends at the start of the hour, a few hours back (every event of the last conversations is
  // past); the schedules' open minutes are cached for the day in the temporary folder.
  const end = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 6 * 3_600_000;
  const start = Math.floor(end / DAY) * DAY - HISTORY_DAYS * DAY;
  const t0 = Date.now();
  const oracle = hoursOracle(SEED_CHANNELS, start, Math.floor(end / DAY) * DAY + DAY, path.join(os.tmpdir(), 'live-chat-bench-reports-cache'));
  ctx.log(`schedules read in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const span: Span = { start, end, oracle };
  for (const engine of ['sqlite', 'postgres'] as const) {
    try {
      const r = await measureEngine(engine, total, runs, span, ctx);
      result.rows.push(...r.rows);
      Object.assign(result.data, r.data);
    } catch (err) {
      result.notMeasured.push(`${engine}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return result;
}
