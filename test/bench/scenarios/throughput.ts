/**
 * Scenario 6: durable `/mail/chat_post` per second on SQLite and on PostgreSQL (durable settings), and a
 * JSON-RPC route that touches no database as a fraction of a bare Fastify JSON route, measured in the
 * same run with the same client, and `/im_livechat/init` per second for one process on each engine.
 * Closed loop: a fixed number of concurrent callers for a fixed time. Each durable row has a floor from
 * the same run: the same inserts on the same engine with the limits bypassed (workers/unlimited-server.mjs:
 * the built server without its per-address and per-session counters), so the cost of counting shows.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BenchContext, ScenarioResult } from '../lib/scenario.js';
import { formatSummary, ratioSummary, summarize } from '../lib/stats.js';
import { UNLIMITED_ENTRY, operatorCookie, startProductServer, type ProductServer } from '../lib/product-server.js';
import { RpcClient } from '../lib/rpc.js';
import { benchDatabase } from '../lib/postgres.js';
import { ROOT_DIR } from '../lib/support.js';
import type { Row } from '../lib/table.js';


/** Issue 8's targets. */
const TARGETS = { postsPerSecond: 3000, rpcFraction: 0.75 };
const CONCURRENCY = 32;

/** Calls `call` from `CONCURRENCY` loops for `seconds`; returns completed calls per second and failures. */
async function closedLoop(call: () => Promise<unknown>, seconds: number): Promise<{ perSecond: number; failed: number }> {
  let done = 0;
  let failed = 0;
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        try {
          await call();
          done++;
        } catch {
          failed++;
        }
      }
    }),
  );
  return { perSecond: done / ((performance.now() - t0) / 1000), failed };
}

async function chatPostRate(server: ProductServer, seconds: number, runs: number): Promise<{ rates: number[]; failed: number }> {
  const cookie = await operatorCookie(server.url);
  const operator = new RpcClient(server.url, { cookie });
  await operator.call('/web/session/get_session_info', {});
  operator.close();
  const visitor = new RpcClient(server.url, { maxSockets: CONCURRENCY });
  try {
    const s = await visitor.call<{ uuid: string } | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Throughput' });
    if (!s) throw new Error('no operator available');
    const rates: number[] = [];
    let failed = 0;
    let n = 0;
    for (let r = 0; r < runs; r++) {
      const res = await closedLoop(async () => {
        const id = await visitor.call<number | false>('/mail/chat_post', { uuid: s.uuid, message_content: `throughput ${n++}` });
        if (!id) throw new Error('chat_post returned no id');
      }, seconds);
      rates.push(res.perSecond);
      failed += res.failed;
    }
    return { rates, failed };
  } finally {
    visitor.close();
  }
}

/** chat_post/s of a server without limits on the same engine (a fresh database), for the floor column. */
async function unlimitedChatPostRate(seconds: number, runs: number, databaseUrl?: string): Promise<{ rates: number[]; failed: number }> {
  const server = await startProductServer({ entry: UNLIMITED_ENTRY, ...(databaseUrl ? { databaseUrl } : {}) });
  try {
    return await chatPostRate(server, seconds, runs);
  } finally {
    await server.stop();
  }
}

/** The durable row: the limited server's figure beside the unlimited floor's, run for run. */
function durableRow(metric: string, limited: { rates: number[]; failed: number }, floor: { rates: number[]; failed: number }, note: string): Row {
  const ratio = ratioSummary(limited.rates, floor.rates);
  const percent = formatSummary({ ...ratio, median: ratio.median * 100, min: ratio.min * 100, max: ratio.max * 100 }, 0, ' %');
  return {
    scenario: 'throughput',
    metric,
    value: formatSummary(summarize(limited.rates), 0, '/s'),
    reference: `without limits ${formatSummary(summarize(floor.rates), 0, '/s')} (limited ${percent} of it); target ≥ ${TARGETS.postsPerSecond}/s; ${note}${limited.failed + floor.failed} failed`,
  };
}

/**
 * `/im_livechat/init` per second: the call every page view makes, and every visible page again each
 * minute while nobody is online. The operator is online, so each answer carries the channel's rule.
 */
async function initRate(server: ProductServer, seconds: number, runs: number): Promise<{ rates: number[]; failed: number }> {
  const visitor = new RpcClient(server.url, { maxSockets: CONCURRENCY });
  try {
    const params = { channel_id: 1, page_url: 'https://shop.example/products/42' };
    const first = await visitor.call<{ available_for_me: unknown }>('/im_livechat/init', params);
    if (!first.available_for_me) throw new Error('init answered unavailable: no operator online');
    const rates: number[] = [];
    let failed = 0;
    for (let r = 0; r < runs; r++) {
      const res = await closedLoop(() => visitor.call('/im_livechat/init', params), seconds);
      rates.push(res.perSecond);
      failed += res.failed;
    }
    return { rates, failed };
  } finally {
    visitor.close();
  }
}

/** Adds the init line of one product process. */
async function measureInit(server: ProductServer, engine: string, seconds: number, runs: number, rows: Row[], data: Record<string, unknown>): Promise<void> {
  const r = await initRate(server, seconds, runs);
  const s = summarize(r.rates);
  rows.push({ scenario: 'throughput', metric: `init/s, one process, ${engine}`, value: formatSummary(s, 0, '/s'), reference: `availability cached ≤ 5 s per channel; ${r.failed} failed` });
  data[`init${engine === 'SQLite' ? 'Sqlite' : 'Postgres'}`] = { ...r, summary: s };
}

async function startBareFastify(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'test', 'bench', 'workers', 'bare-fastify.mjs')], { cwd: ROOT_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (c: Buffer) => resolve(Number(c.toString().trim())));
    child.once('exit', () => reject(new Error('the bare Fastify server exited')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Runs scenario 6. */
export async function throughputScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const seconds = ctx.quick ? 0.75 : 4;
  const runs = ctx.quick ? 2 : 3;
  const rows: Row[] = [];
  const notMeasured: string[] = [];
  const data: Record<string, unknown> = { seconds, runs, concurrency: CONCURRENCY, targets: TARGETS };

  // The floor first, in its own process and database, so the limited server below starts as fresh.
  const sqliteFloor = await unlimitedChatPostRate(seconds, runs);
  const sqlite = await startProductServer();
  try {
    const r = await chatPostRate(sqlite, seconds, runs);
    const s = summarize(r.rates);
    rows.push(durableRow('chat_post/s, SQLite (WAL)', r, sqliteFloor, ''));
    data.chatPostSqlite = { ...r, summary: s, withoutLimits: { ...sqliteFloor, summary: summarize(sqliteFloor.rates) } };
    // chat_post logged the operator in: init answers available for the next minute.
    await measureInit(sqlite, 'SQLite', seconds, runs, rows, data);

    // The same product process serves the no-database route; the floor is a bare Fastify process.
    const bare = await startBareFastify();
    try {
      const product = new RpcClient(sqlite.url, { maxSockets: CONCURRENCY });
      const floor = new RpcClient(bare.url, { maxSockets: CONCURRENCY });
      const productRates: number[] = [];
      const floorRates: number[] = [];
      for (let i = 0; i < runs; i++) {
        floorRates.push((await closedLoop(() => floor.call('/im_livechat/load_templates', {}), seconds)).perSecond);
        productRates.push((await closedLoop(() => product.call('/im_livechat/load_templates', {}), seconds)).perSecond);
      }
      product.close();
      floor.close();
      const p = summarize(productRates);
      const f = summarize(floorRates);
      const ratio = ratioSummary(productRates, floorRates);
      rows.push({ scenario: 'throughput', metric: 'no-database JSON-RPC route', value: formatSummary(p, 0, '/s'), reference: `floor (bare Fastify) ${formatSummary(f, 0, '/s')}, ratio ${formatSummary({ ...ratio, median: ratio.median * 100, min: ratio.min * 100, max: ratio.max * 100 }, 0, ' %')}; target ≥ ${TARGETS.rpcFraction * 100} %` });
      data.rpcRoute = { product: p, floor: f, ratio, productRates, floorRates };
    } finally {
      await bare.stop();
    }
  } finally {
    await sqlite.stop();
  }

  let server: ProductServer | undefined;
  try {
    const floor = await unlimitedChatPostRate(seconds, runs, await benchDatabase());
    const databaseUrl = await benchDatabase();
    server = await startProductServer({ databaseUrl });
    const r = await chatPostRate(server, seconds, runs);
    const s = summarize(r.rates);
    rows.push(durableRow('chat_post/s, PostgreSQL', r, floor, 'fsync on; '));
    data.chatPostPostgres = { ...r, summary: s, withoutLimits: { ...floor, summary: summarize(floor.rates) } };
    await measureInit(server, 'PostgreSQL', seconds, runs, rows, data);
  } catch (err) {
    notMeasured.push(`chat_post on PostgreSQL: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await server?.stop();
  }
  return { name: 'throughput', rows, data, notMeasured };
}
