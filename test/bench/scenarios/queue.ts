/**
 * Issue 26: the routing decision and the queue's update with 50 operators and 500 waiting visitors, on
 * SQLite and on PostgreSQL. Built from the sources and called in process (Fastify's inject, no socket),
 * like the search scenario. Channel A: 50 logged-in operators at capacity 1, each holding one
 * conversation, and 500 visitors queued through get_session. Channel B: 50 other logged-in operators
 * without a capacity and no queue, where a newcomer is routed at once.
 * - routing: get_session on channel B (the route), and the bare decision
 *   `pickOperator(await onlineOperators(…))` over its 50 candidates, then `pickOperator` alone;
 * - queue update: an operator of channel A closes their conversation through the console route, and the
 *   clock stops once the events settled: the head handed to that operator and every visitor still waiting
 *   told their place (one `queue_position` payload each, counted). A newcomer then joins the queue's end
 *   (timed too) so the queue stays at 500.
 * The operators' `last_seen` is refreshed between samples, off the clock, so a long run keeps them online.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BenchContext, ScenarioResult } from '../lib/scenario.js';
import { ROOT_DIR } from '../lib/support.js';
import { formatSummary, percentile, sortedCopy, summarize } from '../lib/stats.js';
import { benchDatabase } from '../lib/postgres.js';
import type { Row } from '../lib/table.js';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/core/config/config.js';
import { GET_SESSION_ROUTE, SESSION_AUTHENTICATE_ROUTE } from '../../../src/protocol/routes.js';
import { CLOSE_SESSION_ROUTE } from '../../../src/protocol/console/routes.js';
import { onlineOperators, pickOperator } from '../../../src/server/domain/channels/index.js';

const OPERATORS = 50;
const WAITING = 500;
const ADMIN_PASSWORD = 'bench-queue-password';

interface Operator {
  id: number;
  cookie: string;
}

interface Answer {
  id: number;
  operator_pid: [number, string];
  queue?: { position: number };
}

async function rpc<T>(app: FastifyInstance, url: string, params: unknown, cookie?: string): Promise<T> {
  const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params }) });
  const body = res.json() as { result?: T; error?: unknown };
  if (body.error !== undefined) throw new Error(`${url} answered ${JSON.stringify(body.error)}`);
  return body.result as T;
}

async function login(app: FastifyInstance, name: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: SESSION_AUTHENTICATE_ROUTE, payload: { jsonrpc: '2.0', method: 'call', id: 1, params: { db: 'livechat', login: name, password } } });
  const raw = res.headers['set-cookie'];
  const cookie = (Array.isArray(raw) ? raw : [raw ?? '']).map((c) => c.split(';')[0]).join('; ');
  if (!cookie) throw new Error(`log-in of ${name} failed`);
  return cookie;
}

const arrive = (app: FastifyInstance, channelId: number): Promise<Answer> =>
  rpc<Answer>(app, GET_SESSION_ROUTE, { channel_id: channelId, anonymous_name: 'Visitor', previous_operator_id: null });

/** A channel with `count` logged-in operators; `capacity` set directly in the database, as an admin would. */
async function channelWithOperators(app: FastifyInstance, tag: string, count: number, capacity: number | null): Promise<{ channelId: number; operators: Operator[] }> {
  const channel = await app.store.createChannel({ name: `Bench ${tag}` });
  await app.database.db.updateTable('livechat_channel').set({ capacity, queue_limit: 10_000 }).where('id', '=', channel.id).execute();
  const operators: Operator[] = [];
  for (let i = 0; i < count; i++) {
    const login_ = `bench-${tag}-${i}`;
    const op = await app.store.createOperator({ login: login_, display_name: `Operator ${tag}${i}`, email: `${login_}@example.com`, password: `pw-${login_}` });
    await app.store.addChannelOperator(channel.id, op.id);
    operators.push({ id: op.id, cookie: await login(app, login_, `pw-${login_}`) });
  }
  return { channelId: channel.id, operators };
}

const keepOnline = (app: FastifyInstance): Promise<unknown> => app.database.db.updateTable('operator').set({ last_seen: app.clock.now() }).execute();

const p = (ms: number[], q: number): number => percentile(sortedCopy(ms), q);
const line = (ms: number[], d = 1): string => `p50 ${p(ms, 50).toFixed(d)} ms, p99 ${p(ms, 99).toFixed(d)} ms; median ${formatSummary(summarize(ms), d, ' ms')}`;

/** Routing on channel B: the route, the decision with its query, the rule alone. */
async function measureRouting(app: FastifyInstance, channelId: number, samples: number): Promise<{ route: number[]; decision: number[]; rule: number[] }> {
  const route: number[] = [];
  const decision: number[] = [];
  const rule: number[] = [];
  for (let i = 0; i < samples + 10; i++) {
    if (i % 20 === 0) await keepOnline(app);
    const t0 = performance.now();
    const answer = await arrive(app, channelId);
    const t1 = performance.now();
    if (answer.queue || !answer.operator_pid[0]) throw new Error('channel B queued a newcomer');
    await app.events.idle();
    const t2 = performance.now();
    const candidates = await onlineOperators(app.store, channelId, app.clock.now());
    const chosen = pickOperator(candidates);
    const t3 = performance.now();
    pickOperator(candidates);
    const t4 = performance.now();
    if (candidates.length !== OPERATORS || !chosen) throw new Error(`channel B has ${candidates.length} online operators`);
    if (i >= 10) {
      route.push(t1 - t0);
      decision.push(t3 - t2);
      rule.push(t4 - t3);
    }
  }
  return { route, decision, rule };
}

/** The open conversation an operator holds on the channel. */
async function heldBy(app: FastifyInstance, channelId: number, operatorId: number): Promise<number> {
  const row = await app.database.db.selectFrom('visitor_session').select('id').where('channel_id', '=', channelId).where('operator_id', '=', operatorId).where('closed_at', 'is', null).executeTakeFirst();
  if (!row) throw new Error(`operator ${operatorId} holds no conversation`);
  return row.id;
}

/** Departures on channel A until `samples` or the time budget: close → head handed out and every place told. */
async function measureQueue(app: FastifyInstance, channelId: number, operators: Operator[], samples: number, budgetMs: number) {
  let told = 0;
  let lastToldAt: number;
  const publish = app.bus.publish.bind(app.bus);
  app.bus.publish = async (channels, message) => {
    const result = await publish(channels, message);
    if ((message as { info?: string }).info === 'queue_position') {
      told += 1;
      lastToldAt = performance.now();
    }
    return result;
  };
  const closed: number[] = [];
  const updated: number[] = [];
  const admitted: number[] = [];
  const toldEach: number[] = [];
  const started = Date.now();
  let waitingAfter = 0;
  for (let i = 0; i < samples && Date.now() - started < budgetMs; i++) {
    await keepOnline(app);
    const op = operators[i % operators.length] as Operator;
    const sessionId = await heldBy(app, channelId, op.id);
    told = 0;
    lastToldAt = 0;
    const t0 = performance.now();
    await rpc(app, CLOSE_SESSION_ROUTE, { session_id: sessionId }, op.cookie);
    const t1 = performance.now();
    // Every listener has run once idle; the update ends with the last place told (the head is handed
    // out before), which is what a waiting visitor sees, not with the last listener.
    await app.events.idle();
    const next = await heldBy(app, channelId, op.id);
    if (next === sessionId) throw new Error('the head was not handed out');
    if (told === 0) throw new Error('no place was told');
    toldEach.push(told);
    closed.push(t1 - t0);
    updated.push(lastToldAt - t0);
    const t3 = performance.now();
    const answer = await arrive(app, channelId);
    admitted.push(performance.now() - t3);
    if (!answer.queue) throw new Error('a newcomer was not queued');
    waitingAfter = answer.queue.position;
    await app.events.idle();
  }
  app.bus.publish = publish;
  return { closed, updated, admitted, toldEach, waitingAfter };
}

async function measureEngine(engine: 'sqlite' | 'postgres', ctx: BenchContext, samples: number, budgetMs: number): Promise<{ rows: Row[]; data: Record<string, unknown> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-bench-queue-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, LIVECHAT_ADMIN_PASSWORD: ADMIN_PASSWORD, RATE_LIMIT_GET_SESSION: '1000000', RATE_LIMIT_LOGIN: '100000' };
  if (engine === 'postgres') env.DATABASE_URL = await benchDatabase();
  const app = await buildApp({ config: loadConfig(env, ROOT_DIR) });
  const rows: Row[] = [];
  try {
    const t0 = Date.now();
    const a = await channelWithOperators(app, 'a', OPERATORS, 1);
    for (let i = 0; i < OPERATORS; i++) if ((await arrive(app, a.channelId)).queue) throw new Error('an operator of channel A had no room');
    let waiting = 0;
    for (let i = 0; i < WAITING; i++) waiting = (await arrive(app, a.channelId)).queue?.position ?? 0;
    if (waiting !== WAITING) throw new Error(`${waiting} visitors wait on channel A, not ${WAITING}`);
    await app.events.idle();
    const b = await channelWithOperators(app, 'b', OPERATORS, null);
    ctx.log(`${engine}: ${OPERATORS} + ${OPERATORS} operators, ${waiting} waiting, set up in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const routing = await measureRouting(app, b.channelId, samples);
    const queue = await measureQueue(app, a.channelId, a.operators, samples, budgetMs);
    const told = summarize(queue.toldEach);
    const n = queue.updated.length;
    const scenario = 'queue';
    rows.push(
      { scenario, metric: `${engine}: routing, get_session with ${OPERATORS} operators free (${routing.route.length} runs)`, value: line(routing.route), reference: `no target in the issue; ${WAITING} visitors wait on another channel` },
      { scenario, metric: `${engine}: routing decision, onlineOperators + pickOperator over ${OPERATORS}`, value: line(routing.decision, 2), reference: `pickOperator alone p99 ${p(routing.rule, 99).toFixed(3)} ms` },
      { scenario, metric: `${engine}: queue update, close → head handed out + ${told.median} places told (${n} runs)`, value: line(queue.updated), reference: `close answered ${line(queue.closed)}` },
      { scenario, metric: `${engine}: newcomer queued behind ~${WAITING}, get_session`, value: line(queue.admitted), reference: `${queue.waitingAfter} waiting at the end` },
    );
    const data = { [`${engine}:routing`]: summarize(routing.route), [`${engine}:decision`]: summarize(routing.decision), [`${engine}:rule`]: summarize(routing.rule), [`${engine}:update`]: summarize(queue.updated), [`${engine}:closeAnswered`]: summarize(queue.closed), [`${engine}:admitted`]: summarize(queue.admitted), [`${engine}:placesTold`]: told };
    return { rows, data };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The scenario: SQLite, then PostgreSQL (noted as not measured when it is not installed). */
export async function queueScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const samples = ctx.quick ? 50 : 200;
  // The queue's update costs one bus write per waiting visitor: a time budget keeps a slow engine bounded.
  const budgetMs = (ctx.seconds ?? (ctx.quick ? 8 : 20)) * 1000;
  const result: ScenarioResult = { name: 'queue', rows: [], data: { operators: OPERATORS, waiting: WAITING, samples }, notMeasured: [] };
  for (const engine of ['sqlite', 'postgres'] as const) {
    try {
      const r = await measureEngine(engine, ctx, samples, budgetMs);
      result.rows.push(...r.rows);
      Object.assign(result.data, r.data);
    } catch (err) {
      result.notMeasured.push(`${engine}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return result;
}
