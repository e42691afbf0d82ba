/**
 * Issue 25, the operator side at scale: where peers fell over (Zammad: 50 chat agents took its WebSocket
 * process to 100 % CPU). N operators on channel 1, each logged in with a real web session and keeping what
 * its console keeps open (workers/operator-consoles.ts), and 2,000 visitors chatting at 500 messages a
 * second in all (workers/visitor-chats.ts), a share of them answered; run with 200 operators, then with
 * 10. Both client kinds run in processes of their own, so the bench does not time its own event loop,
 * but on the same machine as the server: the figures include that competition for the cores.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchContext, ScenarioResult } from '../lib/scenario.js';
import { percentile, sortedCopy } from '../lib/stats.js';
import { operatorCookie, startProductServer, type ProductServer } from '../lib/product-server.js';
import { RpcClient } from '../lib/rpc.js';
import { loopbackAddress } from '../lib/poll-load.js';
import { clock, cpuSeconds, forkWorker, peakRss, type OperatorReport, type Pairs, type VisitorReport, type Worker } from '../lib/fleet.js';
import { machineInfo } from '../lib/machine.js';
import { ADD_OPERATOR_ROUTE, SET_PRESENCE_ROUTE } from '../../../src/protocol/console/routes.js';
import type { Row } from '../lib/table.js';

/** The load of one run; --quick makes it a smoke test of a few seconds. */
interface Plan {
  operators: number[];
  visitors: number;
  rate: number;
  /** Visitors leaving and arriving each second (2,000 chats of about 200 s each). */
  churnPerSecond: number;
  warmupMs: number;
  steadyMs: number;
  /** Operators answer one visitor message in this many, this long after it arrived. */
  answerEvery: number;
  answerDelayMs: number;
}

const OPERATOR_PASSWORD = 'bench-operator-password';
/** Client processes of each kind: two share the load so one process's event loop does not cap it. */
const PROCESSES = 2;
/** Time after the last post for late deliveries to arrive; later ones count as lost. */
const DRAIN_MS = 5000;
/** Limits the bench raises beyond startProductServer's: every operator logs in from two loopback addresses. */
const RAISED_LIMITS = { RATE_LIMIT_LOGIN: '100000000', RATE_LIMIT_TAGS: '100000000', RATE_LIMIT_MARK_SEEN: '100000000' };

function planFor(ctx: BenchContext): Plan {
  if (ctx.quick) return { operators: [20, 4], visitors: 200, rate: 50, churnPerSecond: 1, warmupMs: 2000, steadyMs: (ctx.seconds ?? 8) * 1000, answerEvery: 5, answerDelayMs: 500 };
  return { operators: [200, 10], visitors: 2000, rate: 500, churnPerSecond: 10, warmupMs: 10_000, steadyMs: (ctx.seconds ?? 40) * 1000, answerEvery: 5, answerDelayMs: 500 };
}

/** Creates `n` operators on channel 1 through the admin route, then takes the seeded admin out of the rotation. */
async function seedOperators(url: string, n: number): Promise<{ login: string; password: string }[]> {
  const admin = new RpcClient(url, { cookie: await operatorCookie(url) });
  try {
    const accounts = Array.from({ length: n }, (_, i) => ({ login: `op${i + 1}`, password: OPERATOR_PASSWORD }));
    for (let i = 0; i < n; i += 4) {
      await Promise.all(accounts.slice(i, i + 4).map((a, k) => admin.call(ADD_OPERATOR_ROUTE, { login: a.login, name: `Operator ${i + k + 1}`, password: a.password, channel_ids: [1] })));
    }
    // The admin is on channel 1 too; away, it takes no conversation and the N operators share them all.
    await admin.call(SET_PRESENCE_ROUTE, { presence: 'away' });
    return accounts;
  } finally {
    admin.close();
  }
}

/** Sorted values of the pairs whose first member (a send or start time) lies in [from, to). */
function inWindow(pairs: Pairs, from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) if ((pairs[i] as number) >= from && (pairs[i] as number) < to) out.push(pairs[i + 1] as number);
  return sortedCopy(out);
}

function countIn(times: number[], from: number, to: number): number {
  return times.filter((t) => t >= from && t < to).length;
}

/** One run's figures. */
export interface OperatorsRun {
  operators: number;
  visitors: number;
  offeredRate: number;
  steadySeconds: number;
  visitorRate: number;
  answerRate: number;
  toOperator: { p50: number; p99: number; delivered: number; lost: number };
  toVisitor: { p50: number; p99: number; delivered: number; lost: number };
  list: { p50: number; p99: number; calls: number };
  counts: { p50: number; p99: number; calls: number };
  serverCpuPercent: number;
  clientsCpuPercent: number;
  serverPeakRssMiB: number;
  skipped: number;
  failed: number;
  refused: number;
  errors: number;
  /** Client failures by route and cause, over both kinds of client. */
  errorKinds: Record<string, number>;
  pollRestarts: number;
  /** Console calls per route started in the window, all operators together. */
  consoleCalls: Record<string, number>;
}

/** CPU % of one core used by `pids` between two readings. */
function cpuMeter(pids: number[]): () => number {
  const t0 = clock();
  const c0 = pids.map(cpuSeconds);
  return () => (pids.reduce((s, pid, i) => s + cpuSeconds(pid) - (c0[i] as number), 0) / ((clock() - t0) / 1000)) * 100;
}

/** Starts the client processes and waits until every console is open and every visitor chats. */
async function startClients(server: ProductServer, accounts: { login: string; password: string }[], plan: Plan): Promise<{ consoles: Worker[]; chats: Worker[] }> {
  const consoles: Worker[] = [];
  const chats: Worker[] = [];
  const share = Math.ceil(accounts.length / PROCESSES);
  for (let k = 0; k < accounts.length; k += share) {
    consoles.push(forkWorker('operator-consoles.ts', { url: server.url, localAddress: loopbackAddress(), accounts: accounts.slice(k, k + share), answerEvery: plan.answerEvery, answerDelayMs: plan.answerDelayMs }));
  }
  await Promise.all(consoles.map((w) => w.next('ready', 180_000)));
  for (let k = 0; k < PROCESSES; k++) chats.push(forkWorker('visitor-chats.ts', { url: server.url, localAddress: loopbackAddress(), visitors: Math.round(plan.visitors / PROCESSES), channelId: 1 }));
  await Promise.all(chats.map((w) => w.next('opened', 180_000)));
  return { consoles, chats };
}

/** Runs the load against a fresh server with `n` operators and reads the figures of the steady window. */
async function runWith(n: number, plan: Plan, ctx: BenchContext): Promise<OperatorsRun> {
  const server = await startProductServer({ env: RAISED_LIMITS });
  const workers: Worker[] = [];
  try {
    const accounts = await seedOperators(server.url, n);
    ctx.log(`  operators: ${n} operators created`);
    const { consoles, chats } = await startClients(server, accounts, plan);
    workers.push(...consoles, ...chats);
    ctx.log(`  operators: ${n} consoles open, ${plan.visitors} visitors chatting; ${plan.rate} msg/s for ${(plan.warmupMs + plan.steadyMs) / 1000} s`);
    const startAt = clock() + 500;
    const from = startAt + plan.warmupMs;
    const to = from + plan.steadyMs;
    for (const w of consoles) w.send({ type: 'window', from, to });
    for (const w of chats) w.send({ type: 'run', startAt, endAt: to, rate: plan.rate / PROCESSES, churnPerSecond: plan.churnPerSecond / PROCESSES });
    await sleep(from - clock());
    const serverCpu = cpuMeter([server.pid]);
    const clientsCpu = cpuMeter(workers.map((w) => w.pid));
    await Promise.all(chats.map((w) => w.next('done', plan.steadyMs + 60_000)));
    const cpu = { server: serverCpu(), clients: clientsCpu() };
    for (const w of consoles) w.send({ type: 'quiet' });
    await sleep(DRAIN_MS);
    const peak = peakRss(server.pid);
    const opReports = await Promise.all(consoles.map((w) => (w.send({ type: 'report' }), w.next<{ type: string; report: OperatorReport }>('report', 30_000))));
    const vReports = await Promise.all(chats.map((w) => (w.send({ type: 'report' }), w.next<{ type: string; report: VisitorReport }>('report', 30_000))));
    return summarizeRun(n, plan, { from, to }, opReports.map((r) => r.report), vReports.map((r) => r.report), { ...cpu, peak });
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await server.stop();
  }
}

function summarizeRun(n: number, plan: Plan, w: { from: number; to: number }, ops: OperatorReport[], vs: VisitorReport[], m: { server: number; clients: number; peak: number }): OperatorsRun {
  const seconds = (w.to - w.from) / 1000;
  const all = <T>(pick: (r: T) => number[], list: T[]): number[] => list.flatMap(pick);
  const toOperator = inWindow(all((r: OperatorReport) => r.toOperator, ops), w.from, w.to);
  const toVisitor = inWindow(all((r: VisitorReport) => r.toVisitor, vs), w.from, w.to);
  const list = inWindow(all((r: OperatorReport) => r.list, ops), w.from, w.to);
  const counts = inWindow(all((r: OperatorReport) => r.counts, ops), w.from, w.to);
  const posts = countIn(all((r: VisitorReport) => r.posts, vs), w.from, w.to);
  const answers = countIn(all((r: OperatorReport) => r.answers, ops), w.from, w.to);
  const sum = <T>(pick: (r: T) => number, list: T[]): number => list.reduce((s, r) => s + pick(r), 0);
  const consoleCalls: Record<string, number> = {};
  for (const r of ops) for (const [k, c] of Object.entries(r.calls)) consoleCalls[k] = (consoleCalls[k] ?? 0) + c;
  const errorKinds: Record<string, number> = {};
  for (const r of [...ops, ...vs]) for (const [k, c] of Object.entries(r.errorKinds)) errorKinds[k] = (errorKinds[k] ?? 0) + c;
  return {
    operators: n,
    visitors: plan.visitors,
    offeredRate: plan.rate,
    steadySeconds: seconds,
    visitorRate: posts / seconds,
    answerRate: answers / seconds,
    toOperator: { p50: percentile(toOperator, 50), p99: percentile(toOperator, 99), delivered: toOperator.length, lost: Math.max(0, posts - toOperator.length) },
    toVisitor: { p50: percentile(toVisitor, 50), p99: percentile(toVisitor, 99), delivered: toVisitor.length, lost: Math.max(0, answers - toVisitor.length) },
    list: { p50: percentile(list, 50), p99: percentile(list, 99), calls: list.length },
    counts: { p50: percentile(counts, 50), p99: percentile(counts, 99), calls: counts.length },
    serverCpuPercent: m.server,
    clientsCpuPercent: m.clients,
    serverPeakRssMiB: m.peak / 1048576,
    skipped: sum((r: VisitorReport) => r.skipped, vs),
    failed: sum((r: VisitorReport) => r.postsFailed, vs) + sum((r: OperatorReport) => r.answersFailed, ops),
    refused: sum((r: VisitorReport) => r.refused, vs),
    errors: sum((r: OperatorReport) => r.errors, ops) + sum((r: VisitorReport) => r.errors, vs),
    errorKinds,
    pollRestarts: sum((r: OperatorReport) => r.pollRestarts, ops),
    consoleCalls,
  };
}

const ms = (v: number): string => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 2 : 0)} ms` : 'n/a');

/** The run's cells of each row, in the order of {@link rowsFor}'s metrics. */
function cells(r: OperatorsRun): string[] {
  return [
    `${r.visitorRate.toFixed(0)}/s + ${r.answerRate.toFixed(0)}/s answers`,
    `${ms(r.toOperator.p50)} / ${ms(r.toOperator.p99)}`,
    `${ms(r.toVisitor.p50)} / ${ms(r.toVisitor.p99)}`,
    `${ms(r.list.p99)} (p50 ${ms(r.list.p50)}, ${r.list.calls} calls)`,
    `${ms(r.counts.p99)} (${r.counts.calls} calls)`,
    `${r.serverCpuPercent.toFixed(0)} %`,
    `${r.serverPeakRssMiB.toFixed(0)} MiB`,
    `${r.toOperator.lost} / ${r.toVisitor.lost} lost, ${r.failed} failed, ${r.skipped} skipped`,
  ];
}

function rowsFor(runs: OperatorsRun[], plan: Plan): Row[] {
  const metrics = ['messages/s reached (offered ' + plan.rate + '/s)', 'visitor → operator p50 / p99', 'operator → visitor p50 / p99', 'list refresh p99', 'view counts p99', 'server CPU (% of one core)', 'server peak RSS', 'not delivered in 5 s / failed'];
  const [big, small] = runs as [OperatorsRun, OperatorsRun | undefined];
  const side = (i: number): string => (small ? `${small.operators} operators: ${cells(small)[i]}` : '');
  const rows: Row[] = metrics.map((metric, i) => ({ scenario: `operators (${big.operators})`, metric, value: cells(big)[i] as string, reference: side(i) }));
  const cores = machineInfo().cores;
  rows.push({
    scenario: `operators (${big.operators})`,
    metric: 'load generator CPU (same machine)',
    value: `${big.clientsCpuPercent.toFixed(0)} %`,
    reference: `${small ? `${small.operators} operators: ${small.clientsCpuPercent.toFixed(0)} %; ` : ''}${cores} cores shared by the server and ${PROCESSES * 2} client processes`,
  });
  return rows;
}

/** Runs the operators scenario: the same load with each number of operators, one after the other. */
export async function operatorsScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const plan = planFor(ctx);
  const runs: OperatorsRun[] = [];
  for (const n of plan.operators) {
    const r = await runWith(n, plan, ctx);
    ctx.log(`  operators (${n}): ${JSON.stringify(r)}`);
    runs.push(r);
  }
  const notMeasured: string[] = [
    `${plan.visitors} visitors (${plan.churnPerSecond}/s leave and arrive), ${plan.rate} msg/s offered open loop, 1 in ${plan.answerEvery} answered; ${plan.warmupMs / 1000} s warm-up, ${plan.steadyMs / 1000} s measured; ` +
      'the load generator runs on the same cores as the server; per-address and per-session limits raised as for the other scenarios (every client shares a few loopback addresses), login, tags and mark_seen too; SQLite; ' +
      `command: npm run bench -- --only operators${ctx.quick ? ' --quick' : ''}`,
  ];
  for (const r of runs) {
    if (r.visitorRate < plan.rate * 0.95) {
      notMeasured.push(
        `${r.operators} operators: ${r.visitorRate.toFixed(0)} of ${plan.rate} msg/s reached: the server fell behind (${r.skipped} messages not sent while a client process had 2,000 posts unanswered; ` +
          `server CPU ${r.serverCpuPercent.toFixed(0)} %, load generator ${r.clientsCpuPercent.toFixed(0)} % of one core, on ${machineInfo().cores} cores shared with other work)`,
      );
    }
    const calls = Object.entries(r.consoleCalls).sort((a, b) => b[1] - a[1]).map(([route, c]) => `${route.split('/').pop() ?? route} ${(c / r.steadySeconds).toFixed(0)}`);
    notMeasured.push(`${r.operators} operators: the consoles' calls a second while measured: ${calls.join(', ')}; ${r.pollRestarts} polls dropped for a new channel set in the whole run`);
    const kinds = Object.entries(r.errorKinds).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, c]) => `${c}× ${k}`).join('; ');
    if (r.errors || r.refused) notMeasured.push(`${r.operators} operators: ${r.errors} client errors, ${r.refused} conversations refused${kinds ? ` (most: ${kinds})` : ''}`);
  }
  return { name: 'operators', rows: rowsFor(runs, plan), data: { plan, runs }, notMeasured };
}
