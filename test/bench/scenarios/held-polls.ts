/**
 * Scenario 4: resident memory per held long-poll in one server process, against a bare node:http
 * server holding the same polls (the floor), both measured in the same run. RSS is read from /proc
 * with half and with all of the polls held (the slope per poll). Both servers run with the same memory
 * probe (lib/memory-probe.ts): each reading follows a full garbage collection in the server and is the
 * median of several samples, so garbage left by the last requests counts for neither, and the slope
 * leaves out V8's young generation (empty after the collection; its size follows the allocation rate up
 * to a fixed cap, not the number of polls, and the floor was still growing it between its two readings).
 * The raw RSS slope is kept in the JSON and the log.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchContext, ScenarioResult } from '../lib/scenario.js';
import { formatSummary, ratioSummary, summarize } from '../lib/stats.js';
import { operatorCookie, startProductServer } from '../lib/product-server.js';
import { createMemoryProbe, type MemoryProbe } from '../lib/memory-probe.js';
import { RpcClient } from '../lib/rpc.js';
import { startPollLoad } from '../lib/poll-load.js';
import { ROOT_DIR } from '../lib/support.js';

/** Issue 8's target. */
const TARGET_KB = 12;
/** Distinct visitor sessions the polls are spread over (fewer in --quick: each one costs a request). */
const MAX_SESSIONS = 200;
const QUICK_SESSIONS = 50;
/** Fewest polls whose RSS slope stands out of the page-reuse noise (seen here: ±2 KB at 2,000, meaningless at 500). */
const MIN_POLLS_FOR_RSS = 2000;
/**
 * The product server holds polls for the longest the configuration allows (55 s less up to a tenth of
 * jitter): placing thousands of polls takes long, and a poll answered before memory is read would be
 * a poll not held.
 */
const HOLD_SECONDS = 55;
const METRICS_TOKEN = 'bench-metrics-token';
/** The floor has no client deadline to respect: it holds until the measurement is over. */
const FLOOR_HOLD_MS = 600_000;

/** Polls the product server holds right now, from its own gauge (GET /metrics). */
async function heldByServer(url: string): Promise<number> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await res.text()).split('\n').find((l) => l.startsWith('livechat_bus_held_polls '));
  return line ? Number(line.split(' ')[1]) : Number.NaN;
}

interface Target {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function startFloor(probe: MemoryProbe): Promise<Target> {
  const child = spawn(process.execPath, [...probe.nodeArgs, path.join(ROOT_DIR, 'test', 'bench', 'workers', 'floor-server.mjs'), String(FLOOR_HOLD_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...probe.env },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (c: Buffer) => resolve(Number(c.toString().trim())));
    child.once('exit', () => reject(new Error('the floor server exited')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Creates visitor sessions on a product server; returns poll params, one per session. */
export async function visitorPollBodies(url: string, sessions: number): Promise<{ bodies: Record<string, unknown>[]; cookie: string }> {
  const cookie = await operatorCookie(url);
  const operator = new RpcClient(url, { cookie });
  const visitor = new RpcClient(url);
  try {
    await operator.call('/web/session/get_session_info', {});
    const bodies: Record<string, unknown>[] = [];
    for (let i = 0; i < sessions; i++) {
      const s = await visitor.call<{ uuid: string } | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: `Visitor ${i}` });
      if (!s) throw new Error('no operator available to open visitor sessions');
      bodies.push({ channels: [s.uuid], last: 0 });
    }
    return { bodies, cookie };
  } finally {
    operator.close();
    visitor.close();
  }
}

/** Time for the server to read and park `polls` requests once they were sent. */
function settleMs(polls: number, ctx: BenchContext): number {
  return ctx.quick ? Math.min(3000, 600 + polls / 4) : Math.min(6000, 1500 + polls / 4);
}

/** One measurement of one server: memory with half and with all of the polls held, and the slope. */
interface HoldResult {
  baseRss: number;
  heldRss: number;
  /** RSS slope per poll, young generation excluded (see the top of this file). */
  perPollBytes: number;
  /** RSS slope per poll as read. */
  rawPerPollBytes: number;
  /** V8 heap per poll over the same half: the part of {@link perPollBytes} JavaScript objects hold. */
  heapPerPollBytes: number;
  answeredEarly: number;
  errors: number;
  /** Polls the product server held just before and just after memory was read (undefined for the floor). */
  heldAtRead?: [number, number];
  /** From the first poll sent to the last memory reading. */
  spanMs: number;
}

async function holdOnce(kind: 'product' | 'floor', n: number, ctx: BenchContext): Promise<HoldResult> {
  const probe = createMemoryProbe();
  let target: Target | undefined;
  try {
    let bodies: Record<string, unknown>[] = [{ channels: ['floor'], last: 0 }];
    if (kind === 'product') {
      const server = await startProductServer({ nodeArgs: probe.nodeArgs, env: { ...probe.env, BUS_HOLD_SECONDS: String(HOLD_SECONDS), METRICS_TOKEN } });
      target = { url: server.url, pid: server.pid, stop: () => server.stop() };
      bodies = (await visitorPollBodies(server.url, Math.min(n, ctx.quick ? QUICK_SESSIONS : MAX_SESSIONS))).bodies;
    } else {
      target = await startFloor(probe);
    }
    const half = Math.floor(n / 2);
    const startedAt = Date.now();
    const first = startPollLoad({ url: target.url, count: half, bodies });
    let second: ReturnType<typeof startPollLoad> | undefined;
    try {
      // The first half warms the process (heap growth, socket tables); the figure is the slope over the
      // second half, so fixed first-allocation costs count for neither server.
      await first.waitSent(60_000);
      await sleep(settleMs(half, ctx));
      const base = await probe.read(target.pid, ctx.quick ? 3 : 5);
      second = startPollLoad({ url: target.url, count: n - half, bodies });
      await second.waitSent(60_000);
      // Requests sent are not yet requests held: give the server time to read and park them all.
      await sleep(settleMs(n - half, ctx));
      const heldBefore = kind === 'product' ? await heldByServer(target.url) : undefined;
      const held = await probe.read(target.pid, ctx.quick ? 3 : 5);
      const heldAtRead: [number, number] | undefined = heldBefore === undefined ? undefined : [heldBefore, await heldByServer(target.url)];
      const spanMs = Date.now() - startedAt;
      const a = first.stats();
      const b = second.stats();
      const answeredEarly = a.answered + b.answered;
      const errors = a.errors + b.errors;
      const rawPerPollBytes = (held.rss - base.rss) / (n - half);
      const perPollBytes = (held.rss - held.young - (base.rss - base.young)) / (n - half);
      const heapPerPollBytes = (held.heapUsed - base.heapUsed) / (n - half);
      ctx.log(
        `  held polls (${kind}): RSS ${(base.rss / 1048576).toFixed(1)} MiB at ${half} → ${(held.rss / 1048576).toFixed(1)} MiB at ${n} ` +
          `(per poll: ${(perPollBytes / 1024).toFixed(1)} KB without the young generation, ${(rawPerPollBytes / 1024).toFixed(1)} KB raw, heap ${(heapPerPollBytes / 1024).toFixed(1)} KB; young ${(base.young / 1048576).toFixed(1)} → ${(held.young / 1048576).toFixed(1)} MiB), ${answeredEarly} answered early, ${errors} errors${errors ? ` (last: ${a.lastError || b.lastError})` : ''}` +
          `${heldAtRead === undefined ? '' : `, ${heldAtRead.join(' / ')} held by the server before / after the reading`}, placed and read in ${(spanMs / 1000).toFixed(0)} s`,
      );
      return { baseRss: base.rss, heldRss: held.rss, perPollBytes, rawPerPollBytes, heapPerPollBytes, answeredEarly, errors, heldAtRead, spanMs };
    } finally {
      await first.stop();
      await second?.stop();
    }
  } finally {
    await target?.stop();
    probe.dispose();
  }
}

/** Runs scenario 4. */
export async function heldPollsScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const n = ctx.polls;
  const rounds = ctx.quick ? 3 : 5;
  const product: HoldResult[] = [];
  const floor: HoldResult[] = [];
  for (let r = 0; r < rounds; r++) {
    if (ctx.quick) {
      // --quick holds both servers' polls at once: RSS is per process, so only the wall time changes.
      const [p, f] = await Promise.all([holdOnce('product', n, ctx), holdOnce('floor', n, ctx)]);
      product.push(p);
      floor.push(f);
      continue;
    }
    const order: ('product' | 'floor')[] = r % 2 === 0 ? ['product', 'floor'] : ['floor', 'product'];
    for (const kind of order) (kind === 'product' ? product : floor).push(await holdOnce(kind, n, ctx));
  }
  const notMeasured: string[] = [];
  // Every poll must be held while memory is read: the server's own gauge, read just before and just
  // after, shows all of them parked. Polls whose hold ended earlier were sent again at once (as widgets
  // do) and count only if they were parked again by then; their garbage is collected before the reading.
  const short = product.filter((p) => p.heldAtRead?.[0] !== n || p.heldAtRead?.[1] !== n);
  if (short.length) notMeasured.push(`the server did not hold all ${n} polls while memory was read (${short.map((p) => p.heldAtRead?.join(' / ')).join('; ')})`);
  const early = product.reduce((s, p) => s + p.answeredEarly, 0);
  const errors = [...product, ...floor].reduce((s, p) => s + p.errors, 0);
  if (errors) notMeasured.push(`${errors} poll requests failed`);
  // A few hundred polls move RSS by less than the heap pages a collection frees and then reuses.
  if (n < MIN_POLLS_FOR_RSS) notMeasured.push(`only ${n} polls: the RSS slope is within the noise of reused heap pages; trust the V8 heap row, or run --polls ${MIN_POLLS_FOR_RSS} or more`);
  const perKb = summarize(product.map((p) => p.perPollBytes / 1024));
  const floorKb = summarize(floor.map((p) => p.perPollBytes / 1024));
  const ratio = ratioSummary(product.map((p) => p.perPollBytes), floor.map((p) => p.perPollBytes));
  const heapKb = summarize(product.map((p) => p.heapPerPollBytes / 1024));
  const rawKb = summarize(product.map((p) => p.rawPerPollBytes / 1024));
  const floorRawKb = summarize(floor.map((p) => p.rawPerPollBytes / 1024));
  const floorHeapKb = summarize(floor.map((p) => p.heapPerPollBytes / 1024));
  return {
    name: 'held-polls',
    notMeasured,
    rows: [
      { scenario: 'held polls', metric: `RSS per held poll (${n}), after GC`, value: formatSummary(perKb, 1, ' KB'), reference: `floor (bare http) ${formatSummary(floorKb, 1, ' KB')}, ratio ${formatSummary(ratio, 1, '×')}; target ≤ ${TARGET_KB} KB` },
      { scenario: 'held polls', metric: 'same, young generation included', value: formatSummary(rawKb, 1, ' KB'), reference: `floor ${formatSummary(floorRawKb, 1, ' KB')}` },
      { scenario: 'held polls', metric: 'of which V8 heap', value: formatSummary(heapKb, 1, ' KB'), reference: `floor ${formatSummary(floorHeapKb, 1, ' KB')}` },
      { scenario: 'held polls', metric: 'server RSS half → all held', value: `${(summarize(product.map((p) => p.baseRss)).median / 1048576).toFixed(0)} → ${(summarize(product.map((p) => p.heldRss)).median / 1048576).toFixed(0)} MiB`, reference: `floor ${(summarize(floor.map((p) => p.baseRss)).median / 1048576).toFixed(0)} → ${(summarize(floor.map((p) => p.heldRss)).median / 1048576).toFixed(0)} MiB` },
    ],
    data: { polls: n, rounds, answeredAndSentAgain: early, targetKb: TARGET_KB, perPollKb: perKb, floorPerPollKb: floorKb, ratioToFloor: ratio, rawPerPollKb: rawKb, floorRawPerPollKb: floorRawKb, heapPerPollKb: heapKb, floorHeapPerPollKb: floorHeapKb, product, floor },
  };
}
