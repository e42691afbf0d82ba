/**
 * Issue 11: a legitimate visitor's `/im_livechat/init` and `/mail/chat_post` latency while attacker
 * loops hammer every visitor route, against the same figures on a quiet server, with the server's
 * default limits. Legitimate visitors come from many loopback addresses (127.0.1.x), as real visitors
 * do; the attackers from a few (127.0.2.x), so they run into the limits and the legitimate ones do not.
 * The attackers run in a process of their own (workers/attacker.mjs): the bench's event loop only
 * measures the legitimate calls.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { BenchContext, ScenarioResult } from '../lib/scenario.js';
import { ROOT_DIR } from '../lib/support.js';
import { formatSummary, percentile, sortedCopy, summarize } from '../lib/stats.js';
import { DEFAULT_LIMITS_ENV, operatorCookie, startProductServer, type ProductServer } from '../lib/product-server.js';
import { RpcClient } from '../lib/rpc.js';
import type { Row } from '../lib/table.js';
import { urlMatches } from '../../../src/server/domain/channels/rules.js';

const LOOPS_PER_ROUTE = 16;
const TARGET_RATIO = 2;

interface Samples {
  init: number[];
  post: number[];
  failed: number;
  reasons: string[];
}

async function timed(call: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await call();
  return performance.now() - t0;
}

/** One round of legitimate traffic: `visitors` visitors, each an address, an init, a session and `posts` posts. */
async function legitimateRound(server: ProductServer, visitors: number, posts: number, round: number): Promise<Samples> {
  const samples: Samples = { init: [], post: [], failed: 0, reasons: [] };
  for (let v = 0; v < visitors; v++) {
    const client = new RpcClient(server.url, { localAddress: `127.0.1.${1 + ((round * visitors + v) % 250)}`, maxSockets: 1 });
    try {
      samples.init.push(await timed(() => client.call('/im_livechat/init', { channel_id: 1 })));
      const session = await client.call<{ uuid: string } | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: `Legit ${v}` });
      if (!session) throw new Error('no operator available');
      for (let p = 0; p < posts; p++) samples.post.push(await timed(() => client.call('/mail/chat_post', { uuid: session.uuid, message_content: `legit ${v}.${p}` })));
    } catch (err) {
      samples.failed++;
      samples.reasons.push(err instanceof Error ? err.message : String(err));
    } finally {
      client.close();
    }
  }
  return samples;
}

/** Starts the attacker process; `stop()` ends it and returns what it sent and how much was refused. */
async function startAttack(server: ProductServer): Promise<{ stop(): Promise<{ sent: number; limited: number }> }> {
  const setup = new RpcClient(server.url, { localAddress: '127.0.2.250' });
  const victim = await setup.call<{ uuid: string; operator_pid: [number, string] } | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Attacker' });
  setup.close();
  if (!victim) throw new Error('no operator available');
  const child = spawn(process.execPath, [path.join(ROOT_DIR, 'test', 'bench', 'workers', 'attacker.mjs'), server.url, victim.uuid, String(victim.operator_pid[0]), String(LOOPS_PER_ROUTE)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  // Lets the loops reach full speed before the legitimate visitors start.
  await new Promise((r) => setTimeout(r, 1000));
  return {
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      const counts = JSON.parse(out.trim() || '{"sent":0,"limited":0}') as { sent: number; limited: number };
      return counts;
    },
  };
}

const p99 = (values: number[]): number => percentile(sortedCopy(values), 99);

/** Cost of a channel URL rule on an attacker's 16 KB address, for patterns that stall a backtracking engine. */
function urlPatternRows(runs: number): Row[] {
  const cases: [string, string][] = [
    ['^(a+)+$', `${'a'.repeat(16_384)}!`],
    ['.*/shop/.*/product/.*', `https://x.example/${'shop/'.repeat(3300)}`],
    ['(x+x+)+y', 'x'.repeat(16_384)],
  ];
  return cases.map(([pattern, url]) => {
    urlMatches(pattern, url);
    const times = Array.from({ length: Math.max(runs, 5) * 3 }, () => {
      const t0 = performance.now();
      urlMatches(pattern, url);
      return performance.now() - t0;
    });
    return { scenario: 'abuse', metric: `URL rule ${pattern} on ${url.length} chars`, value: formatSummary(summarize(times), 3, ' ms'), reference: 'target < 5 ms' };
  });
}

/** Runs the scenario on SQLite with the default limits. */
export async function abuseScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const visitors = ctx.quick ? 20 : 60;
  const posts = ctx.quick ? 3 : 5;
  const rounds = ctx.quick ? 2 : 3;
  const rows: Row[] = urlPatternRows(ctx.runs);
  const data: Record<string, unknown> = { visitors, posts, rounds, loopsPerRoute: LOOPS_PER_ROUTE, targetRatio: TARGET_RATIO };
  const server = await startProductServer({ env: DEFAULT_LIMITS_ENV });
  try {
    // The seeded operator must be online for sessions to open.
    const cookie = await operatorCookie(server.url);
    const operator = new RpcClient(server.url, { cookie, localAddress: '127.0.3.1' });
    await operator.call('/web/session/get_session_info', {});
    // The operator's console polls; without it the operator would count as gone during a long round.
    const keepOnline = setInterval(() => void operator.call('/web/session/get_session_info', {}).catch(() => undefined), 5_000);
    const quiet = { init: [] as number[], post: [] as number[] };
    const attacked = { init: [] as number[], post: [] as number[] };
    let sent = 0;
    let limited = 0;
    let failed = 0;
    const reasons = new Set<string>();
    for (let r = 0; r < rounds; r++) {
      const q = await legitimateRound(server, visitors, posts, 2 * r);
      quiet.init.push(p99(q.init));
      quiet.post.push(p99(q.post));
      const attack = await startAttack(server);
      const a = await legitimateRound(server, visitors, posts, 2 * r + 1);
      const stats = await attack.stop();
      attacked.init.push(p99(a.init));
      attacked.post.push(p99(a.post));
      sent += stats.sent;
      limited += stats.limited;
      failed += q.failed + a.failed;
      for (const reason of [...q.reasons, ...a.reasons]) reasons.add(reason);
    }
    clearInterval(keepOnline);
    operator.close();
    for (const op of ['init', 'post'] as const) {
      const qs = summarize(quiet[op]);
      const as = summarize(attacked[op]);
      const ratio = as.median / qs.median;
      const name = op === 'init' ? '/im_livechat/init' : '/mail/chat_post';
      rows.push({ scenario: 'abuse', metric: `${name} p99, quiet`, value: formatSummary(qs, 1, ' ms'), reference: `${rounds} rounds of ${visitors} visitors` });
      rows.push({ scenario: 'abuse', metric: `${name} p99, under attack`, value: formatSummary(as, 1, ' ms'), reference: `${ratio.toFixed(2)}× quiet; target ≤ ${TARGET_RATIO}×` });
    }
    rows.push({ scenario: 'abuse', metric: 'attacker calls answered', value: String(sent), reference: `${limited} refused with 429; ${failed} legitimate visitors failed${reasons.size ? ` (${[...reasons].join('; ').slice(0, 120)})` : ''}` });
    Object.assign(data, { quiet, attacked, sent, limited, failed, failureReasons: [...reasons] });
  } finally {
    await server.stop();
  }
  return { name: 'abuse', rows, data, notMeasured: [] };
}
