/**
 * Scenario 5: delivery latency, from a post to the other side's held long-poll answer, at a fixed rate
 * with idle polls held. Visitor → operator and operator → visitor on one SQLite process; then visitor
 * on process A → operator polling process B, both on one PostgreSQL, when the bus wakes polls across
 * processes (checked first: without cross-process wake-ups a poll waits out its hold time).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchContext, ScenarioResult } from '../lib/scenario.js';
import { formatSummary, percentile, sortedCopy, summarize, type Summary } from '../lib/stats.js';
import { UNLIMITED_ENTRY, operatorCookie, startProductServer, type ProductServer } from '../lib/product-server.js';
import { RpcClient } from '../lib/rpc.js';
import { startPollLoad, type PollLoad } from '../lib/poll-load.js';
import { benchDatabase } from '../lib/postgres.js';
import { visitorPollBodies } from './held-polls.js';
import type { Row } from '../lib/table.js';

const TARGETS = { p50: 5, p99: 25, pgP99: 50 };

interface Notification {
  id: number;
}

/** A poll loop on one channel that timestamps every marker it receives. */
class Receiver {
  private last = 0;
  private stopped = false;
  readonly seen = new Map<number, number>();
  private loop: Promise<void> | undefined;

  constructor(
    private readonly client: RpcClient,
    private readonly channel: string,
  ) {}

  /** Reads what is already there (so `last` is current), then keeps one poll held. */
  async start(): Promise<void> {
    await this.once();
    this.loop = (async () => {
      while (!this.stopped) {
        try {
          await this.once();
        } catch {
          if (!this.stopped) await sleep(50);
        }
      }
    })();
  }

  private async once(): Promise<void> {
    const list = await this.client.call<Notification[]>('/longpolling/poll', { channels: [this.channel], last: this.last });
    const at = performance.now();
    for (const n of list) {
      this.last = Math.max(this.last, n.id);
      for (const m of JSON.stringify(n).matchAll(/benchmsg(\d+)x/g)) if (!this.seen.has(Number(m[1]))) this.seen.set(Number(m[1]), at);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.client.close();
    await this.loop?.catch(() => undefined);
  }
}

let seq = 0;

/** Posts `rate` messages per second for `seconds` (open loop: a slow answer does not slow the sender). */
async function sendAtRate(sender: RpcClient, uuid: string, rate: number, seconds: number, receiver: Receiver, settleMs = 500): Promise<{ latencies: number[]; lost: number; failed: number }> {
  const sent = new Map<number, number>();
  let failed = 0;
  const total = Math.round(rate * seconds);
  const t0 = performance.now();
  const inflight: Promise<unknown>[] = [];
  for (let i = 0; i < total; ) {
    const due = Math.min(total, Math.floor(((performance.now() - t0) / 1000) * rate) + 1);
    for (; i < due; i++) {
      const n = ++seq;
      sent.set(n, performance.now());
      inflight.push(sender.call('/mail/chat_post', { uuid, message_content: `benchmsg${n}x` }).catch(() => failed++));
    }
    await sleep(1);
  }
  // Bounded: when the server cannot keep up, the backlog is reported as late rather than waited out.
  await Promise.race([Promise.all(inflight), sleep(5000)]);
  await sleep(settleMs);
  const latencies: number[] = [];
  for (const [n, at] of sent) {
    const got = receiver.seen.get(n);
    if (got !== undefined) latencies.push(got - at);
  }
  return { latencies, lost: Math.max(0, sent.size - latencies.length - failed), failed };
}

interface DirectionResult {
  p50: Summary;
  p99: Summary;
  rate: number;
  messages: number;
  lost: number;
  failed: number;
}

async function measure(sender: RpcClient, uuid: string, receiver: Receiver, rate: number, seconds: number, runs: number, settleMs: number): Promise<DirectionResult> {
  const p50s: number[] = [];
  const p99s: number[] = [];
  let messages = 0;
  let lost = 0;
  let failed = 0;
  for (let r = 0; r < runs; r++) {
    const res = await sendAtRate(sender, uuid, rate, seconds, receiver, settleMs);
    const s = sortedCopy(res.latencies);
    p50s.push(percentile(s, 50));
    p99s.push(percentile(s, 99));
    messages += res.latencies.length;
    lost += res.lost;
    failed += res.failed;
  }
  return { p50: summarize(p50s), p99: summarize(p99s), rate, messages, lost, failed };
}

async function conversation(server: ProductServer, cookie: string): Promise<{ uuid: string; operatorId: number }> {
  const operator = new RpcClient(server.url, { cookie });
  const visitor = new RpcClient(server.url);
  try {
    const info = await operator.call<{ uid: number }>('/web/session/get_session_info', {});
    const s = await visitor.call<{ uuid: string } | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Measured visitor' });
    if (!s) throw new Error('no operator available');
    return { uuid: s.uuid, operatorId: info.uid };
  } finally {
    operator.close();
    visitor.close();
  }
}

function rowsFor(label: string, d: DirectionResult, p99Target: number, floor?: string): Row[] {
  return [
    { scenario: 'delivery', metric: `${label} p50 @ ${d.rate}/s`, value: formatSummary(d.p50, 2, ' ms'), reference: `target ≤ ${TARGETS.p50} ms` },
    { scenario: 'delivery', metric: `${label} p99 @ ${d.rate}/s`, value: formatSummary(d.p99, 2, ' ms'), reference: `target ≤ ${p99Target} ms; ${d.messages} delivered, ${d.lost} not within 5 s, ${d.failed} failed${floor ? `; ${floor}` : ''}` },
  ];
}

/** Visitor posts on process A, the operator's poll held on process B, both on one fresh PostgreSQL database. */
async function crossProcess(params: { seconds: number; runs: number; settle: number }, entry?: string): Promise<{ result?: DirectionResult; notMeasured?: string }> {
  const servers: ProductServer[] = [];
  try {
    const databaseUrl = await benchDatabase();
    servers.push(await startProductServer({ databaseUrl, ...(entry ? { entry } : {}) }));
    servers.push(await startProductServer({ databaseUrl, ...(entry ? { entry } : {}) }));
    const [a, b] = servers as [ProductServer, ProductServer];
    const cookie = await operatorCookie(b.url);
    const { uuid, operatorId } = await conversation(a, cookie);
    const receiver = new Receiver(new RpcClient(b.url, { cookie }), `livechat.operator.${operatorId}`);
    await receiver.start();
    const sender = new RpcClient(a.url);
    try {
      const probe = await sendAtRate(sender, uuid, 5, 1, receiver);
      if (probe.latencies.length === 0 || summarize(probe.latencies).max > 3000) {
        return { notMeasured: 'two processes on PostgreSQL: a post on one process did not wake a poll held on the other within 3 s (no cross-process bus wake-up in this build)' };
      }
      return { result: await measure(sender, uuid, receiver, 1000, params.seconds, params.runs, params.settle) };
    } finally {
      sender.close();
      await receiver.stop();
    }
  } catch (err) {
    return { notMeasured: `two processes on PostgreSQL: ${err instanceof Error ? err.message : String(err)}` };
  } finally {
    for (const s of servers) await s.stop();
  }
}

/** Runs scenario 5. */
export async function deliveryScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const seconds = ctx.quick ? 0.75 : 5;
  const runs = ctx.quick ? 2 : 3;
  const rate = 500;
  // How long a run waits for late notifications after its last post has been answered.
  const settle = ctx.quick ? 200 : 500;
  const rows: Row[] = [];
  const data: Record<string, unknown> = { seconds, runs, targets: TARGETS, idlePolls: ctx.polls };
  const notMeasured: string[] = [];

  const server = await startProductServer();
  let idle: PollLoad | undefined;
  try {
    const { bodies, cookie } = await visitorPollBodies(server.url, Math.min(ctx.polls, ctx.quick ? 50 : 200));
    const { uuid, operatorId } = await conversation(server, cookie);
    idle = startPollLoad({ url: server.url, count: ctx.polls, bodies });
    await idle.waitSent(60_000);
    await sleep(ctx.quick ? Math.min(3000, 300 + ctx.polls / 4) : Math.min(6000, 1000 + ctx.polls / 4));
    ctx.log(`  delivery: ${ctx.polls} idle polls held`);

    const toOperator = new Receiver(new RpcClient(server.url, { cookie }), `livechat.operator.${operatorId}`);
    await toOperator.start();
    const visitorSender = new RpcClient(server.url);
    // At a low rate the figure is the bus's own latency; at 500/s it also shows queueing when the server
    // cannot keep up (scenario 6 gives the sustainable rate).
    const low = await measure(visitorSender, uuid, toOperator, 50, seconds, runs, settle);
    rows.push(...rowsFor('visitor → operator', low, TARGETS.p99));
    data.visitorToOperatorLowRate = low;
    const v2o = await measure(visitorSender, uuid, toOperator, rate, seconds, runs, settle);
    await toOperator.stop();
    visitorSender.close();
    rows.push(...rowsFor('visitor → operator', v2o, TARGETS.p99));
    data.visitorToOperator = v2o;

    const toVisitor = new Receiver(new RpcClient(server.url), uuid);
    await toVisitor.start();
    const operatorSender = new RpcClient(server.url, { cookie });
    const o2v = await measure(operatorSender, uuid, toVisitor, rate, seconds, runs, settle);
    await toVisitor.stop();
    operatorSender.close();
    rows.push(...rowsFor('operator → visitor', o2v, TARGETS.p99));
    data.operatorToVisitor = o2v;
  } finally {
    await idle?.stop();
    await server.stop();
  }

  // Two processes on one PostgreSQL, then the same run on the build with its limits bypassed (the floor).
  const params = { seconds, runs, settle };
  const cross = await crossProcess(params);
  const floor = cross.result ? await crossProcess(params, UNLIMITED_ENTRY) : undefined;
  if (cross.notMeasured) notMeasured.push(cross.notMeasured);
  if (cross.result) {
    const floorText = floor?.result ? `without limits, same run: p50 ${formatSummary(floor.result.p50, 2, ' ms')}, p99 ${formatSummary(floor.result.p99, 2, ' ms')}, ${floor.result.failed} failed` : `floor not measured: ${floor?.notMeasured ?? 'unknown'}`;
    rows.push(...rowsFor('A → B on PostgreSQL', cross.result, TARGETS.pgP99, floorText));
    data.crossProcessPostgres = cross.result;
    data.crossProcessPostgresWithoutLimits = floor?.result;
  }
  return { name: 'delivery', rows, data, notMeasured };
}
