/**
 * Issue 25: a one-word console search over 1,000,000 messages, on SQLite and on PostgreSQL, against its
 * floor, the same search on an empty index. The search goes through the real route in process (Fastify's
 * inject: parsing, validation, the operator's cookie, the query, the snippets, serialisation; no socket),
 * built from the sources, so this scenario needs no build. The messages are inserted in bulk through the
 * database (the index's triggers run as for any message): a Zipf-distributed vocabulary of made-up words,
 * ten a message, the same on both engines. Three words are searched, each a prefix as the search reads
 * it: a common one (in about 9% of the messages), a usual one (about 1%, the target's) and a rare one
 * (about 0.15%, with the longer words it begins). Searches are the admin's, every conversation readable.
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
import { SESSION_AUTHENTICATE_ROUTE } from '../../../src/protocol/routes.js';
import { SEARCH_ROUTE, type SearchResult } from '../../../src/protocol/console/search.js';

const TARGET_P95_MS = 50;
const VOCABULARY = 20_000;
const WORDS_PER_MESSAGE = 10;
const MESSAGES_PER_CONVERSATION = 100;
const BATCH = 1000;
const ADMIN_PASSWORD = 'bench-search-password';
/** Vocabulary ranks searched; the table prints how many messages hold each (or a word it begins). */
const PROBES = [
  { label: 'common word', rank: 10 },
  { label: 'one word', rank: 100 },
  { label: 'rare word', rank: 5000 },
] as const;

/** A deterministic generator (mulberry32), so both engines get the same messages. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Distinct made-up words of two to four syllables. */
function vocabulary(): string[] {
  const rnd = random(7);
  const consonants = 'bcdfghjklmnprstvz';
  const vowels = 'aeiou';
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    let w = '';
    const syllables = 2 + Math.floor(rnd() * 3);
    for (let s = 0; s < syllables; s++) w += (consonants[Math.floor(rnd() * consonants.length)] as string) + (vowels[Math.floor(rnd() * vowels.length)] as string);
    words.add(w);
  }
  return [...words];
}

/** Zipf (s = 1) ranks by inverse transform over the cumulative weights. */
function zipfSampler(rnd: () => number): () => number {
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 1; r <= VOCABULARY; r++) cumulative.push((sum += 1 / r));
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

async function login(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'POST', url: SESSION_AUTHENTICATE_ROUTE, payload: { jsonrpc: '2.0', method: 'call', id: 1, params: { db: 'livechat', login: 'admin', password: ADMIN_PASSWORD } } });
  const raw = res.headers['set-cookie'];
  return (Array.isArray(raw) ? raw : [raw ?? '']).map((c) => c.split(';')[0]).join('; ');
}

/** Times `runs` searches of `word` through the route; throws on an error answer. */
async function timeSearches(app: FastifyInstance, cookie: string, word: string, runs: number): Promise<{ ms: number[]; hits: number }> {
  const ms: number[] = [];
  let hits = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: SEARCH_ROUTE, headers: { cookie }, payload: { jsonrpc: '2.0', method: 'call', id: i, params: { query: word } } });
    ms.push(performance.now() - t0);
    const body = res.json() as { result?: SearchResult; error?: unknown };
    if (!body.result) throw new Error(`search answered ${JSON.stringify(body.error)}`);
    hits = body.result.hits.length;
  }
  return { ms, hits };
}

/** Inserts `total` messages in conversations of channel 1, oldest first; counts the messages holding each probe. */
async function fill(app: FastifyInstance, words: string[], total: number, log: (m: string) => void): Promise<number[]> {
  const db = app.database.db;
  const operatorId = (await app.store.getOperatorByLogin('admin'))?.id ?? 1;
  const rnd = random(42);
  const rank = zipfSampler(rnd);
  const probes = PROBES.map((p) => words[p.rank - 1] as string);
  const counts = probes.map(() => 0);
  const start = Date.UTC(2025, 0, 1);
  const conversations = Math.ceil(total / MESSAGES_PER_CONVERSATION);
  for (let c = 0; c < conversations; c += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, conversations - c) }, (_, i) => ({ uuid: `bench-${c + i}`, channel_id: 1, operator_id: operatorId, anonymous_name: 'Visitor', name: 'Visitor', created_at: start + (c + i) * 1000 }));
    await db.insertInto('visitor_session').values(rows).execute();
  }
  const sessions = await db.selectFrom('visitor_session').select('id').where('uuid', 'like', 'bench-%').orderBy('id').execute();
  const t0 = Date.now();
  for (let m = 0; m < total; m += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, total - m) }, (_, i) => {
      const n = m + i;
      const text = Array.from({ length: WORDS_PER_MESSAGE }, () => words[rank()] as string);
      probes.forEach((p, k) => {
        if (text.some((w) => w.startsWith(p))) counts[k] = (counts[k] as number) + 1;
      });
      const session = sessions[Math.floor(n / MESSAGES_PER_CONVERSATION)]?.id as number;
      return { session_id: session, body: `<p>${text.join(' ')}</p>`, author_operator_id: n % 2 === 0 ? null : operatorId, message_type: 'comment' as const, created_at: start + n * 1000 };
    });
    await db.insertInto('message').values(rows).execute();
    if ((m / BATCH) % 100 === 99) log(`  ${m + BATCH} messages in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  return counts;
}

/** One engine: the floor on the empty index, the fill, then each probe. */
async function measureEngine(engine: 'sqlite' | 'postgres', ctx: BenchContext, words: string[], total: number, runs: number): Promise<{ rows: Row[]; data: Record<string, unknown> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-bench-search-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, LIVECHAT_ADMIN_PASSWORD: ADMIN_PASSWORD, RATE_LIMIT_SEARCH: '1000000', RATE_LIMIT_LOGIN: '1000' };
  if (engine === 'postgres') env.DATABASE_URL = await benchDatabase();
  const app = await buildApp({ config: loadConfig(env, ROOT_DIR) });
  const rows: Row[] = [];
  const data: Record<string, unknown> = {};
  try {
    const cookie = await login(app);
    const floors = new Map<string, number[]>();
    for (const p of PROBES) floors.set(p.label, (await timeSearches(app, cookie, words[p.rank - 1] as string, runs)).ms);
    ctx.log(`${engine}: filling ${total.toLocaleString('en')} messages…`);
    const t0 = Date.now();
    const counts = await fill(app, words, total, ctx.log);
    const fillSeconds = (Date.now() - t0) / 1000;
    rows.push({ scenario: 'search', metric: `${engine}: bulk insert, index kept by triggers`, value: `${Math.round(total / fillSeconds).toLocaleString('en')} msg/s`, reference: `${total.toLocaleString('en')} in ${fillSeconds.toFixed(0)} s` });
    data[`${engine}FillSeconds`] = fillSeconds;
    for (const [k, p] of PROBES.entries()) {
      const word = words[p.rank - 1] as string;
      await timeSearches(app, cookie, word, 5);
      const { ms, hits } = await timeSearches(app, cookie, word, runs);
      const floor = floors.get(p.label) ?? [];
      const p95 = percentile(sortedCopy(ms), 95);
      const floorP95 = percentile(sortedCopy(floor), 95);
      const target = p.label === 'one word' ? `; target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}` : '';
      rows.push({
        scenario: 'search',
        metric: `${engine}: ${p.label} "${word}" (${(counts[k] as number).toLocaleString('en')} msgs, page ${hits}), p95`,
        value: `${p95.toFixed(1)} ms; median ${formatSummary(summarize(ms), 1, ' ms')}`,
        reference: `floor (empty index) p95 ${floorP95.toFixed(1)} ms; median ${formatSummary(summarize(floor), 1, ' ms')}${target}`,
      });
      data[`${engine}:${p.label}`] = { word, messages: counts[k], p95, floorP95, samples: summarize(ms), floor: summarize(floor) };
    }
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return { rows, data };
}

/** The scenario: SQLite, then PostgreSQL (noted as not measured when it is not installed). */
export async function searchScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const total = ctx.quick ? 100_000 : 1_000_000;
  const runs = ctx.quick ? 50 : 200;
  const words = vocabulary();
  const result: ScenarioResult = { name: 'search', rows: [], data: { messages: total, runs }, notMeasured: [] };
  for (const engine of ['sqlite', 'postgres'] as const) {
    try {
      const r = await measureEngine(engine, ctx, words, total, runs);
      result.rows.push(...r.rows);
      Object.assign(result.data, r.data);
    } catch (err) {
      result.notMeasured.push(`${engine}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return result;
}
