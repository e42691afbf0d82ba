/**
 * Issue 11: a legitimate visitor's `/im_livechat/init` and `/mail/chat_post` latency while attacker
 * loops hammer every visitor route, against the same figures on a quiet server, with the server's
 * default limits. Legitimate visitors come from many loopback addresses (127.0.1.x), as real visitors
 * do; the attackers from a few (127.0.2.x), so they run into the limits and the legitimate ones do not.
 */
import type { BenchContext, ScenarioResult } from '../lib/scenario.js';
import { formatSummary, percentile, sortedCopy, summarize } from '../lib/stats.js';
import { operatorCookie, startProductServer, type ProductServer } from '../lib/product-server.js';
import { RpcClient } from '../lib/rpc.js';
import type { Row } from '../lib/table.js';

const LOOPS_PER_ROUTE = 16;
const TARGET_RATIO = 2;

/** The product's default limits: the bench server otherwise lifts them for its single-address load. */
const DEFAULT_LIMITS = Object.fromEntries(
  ['INIT', 'GET_SESSION', 'CHAT_HISTORY', 'CHAT_POST', 'TYPING', 'FEEDBACK', 'PAGE_HISTORY', 'TRANSCRIPT', 'POLL', 'LOGIN']
    .map((n) => [`RATE_LIMIT_${n}`, ''])
    .concat(['CHAT_POST', 'TYPING', 'FEEDBACK', 'PAGE_HISTORY'].map((n) => [`SESSION_LIMIT_${n}`, ''])),
);

interface Samples {
  init: number[];
  post: number[];
  failed: number;
}

async function timed(call: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await call();
  return performance.now() - t0;
}

/** One round of legitimate traffic: `visitors` visitors, each an address, an init, a session and `posts` posts. */
async function legitimateRound(server: ProductServer, visitors: number, posts: number, round: number): Promise<Samples> {
  const samples: Samples = { init: [], post: [], failed: 0 };
  for (let v = 0; v < visitors; v++) {
    const client = new RpcClient(server.url, { localAddress: `127.0.1.${1 + ((round * visitors + v) % 250)}`, maxSockets: 1 });
    try {
      samples.init.push(await timed(() => client.call('/im_livechat/init', { channel_id: 1 })));
      const session = await client.call<{ uuid: string } | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: `Legit ${v}` });
      if (!session) throw new Error('no operator available');
      for (let p = 0; p < posts; p++) samples.post.push(await timed(() => client.call('/mail/chat_post', { uuid: session.uuid, message_content: `legit ${v}.${p}` })));
    } catch {
      samples.failed++;
    } finally {
      client.close();
    }
  }
  return samples;
}

/** Starts the attacker loops; they run until `stop()` and count what they sent and how much was refused. */
async function startAttack(server: ProductServer): Promise<{ stop(): Promise<{ sent: number; limited: number }> }> {
  const setup = new RpcClient(server.url, { localAddress: '127.0.2.250' });
  const victim = await setup.call<{ uuid: string; id: number } | false>('/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Attacker' });
  setup.close();
  if (!victim) throw new Error('no operator available');
  const big = 'x'.repeat(2000);
  const routes: [string, () => Record<string, unknown>][] = [
    ['/im_livechat/init', () => ({ channel_id: 1, page_url: `https://a.example/${big}` })],
    ['/im_livechat/get_session', () => ({ channel_id: 1, anonymous_name: 'Flood' })],
    ['/mail/chat_history', () => ({ uuid: victim.uuid, limit: 100 })],
    ['/mail/chat_post', () => ({ uuid: victim.uuid, message_content: big })],
    ['/im_livechat/notify_typing', () => ({ uuid: victim.uuid, is_typing: true })],
    ['/im_livechat/feedback', () => ({ uuid: victim.uuid, rate: 1, reason: big.slice(0, 1000) })],
    ['/im_livechat/history', () => ({ pid: 2, channel_uuid: victim.uuid, page_history: Array.from({ length: 15 }, (_, i) => `/${i}${big}`) })],
    ['/im_livechat/email_livechat_transcript', () => ({ uuid: victim.uuid, email: 'victim@example.org' })],
    ['/longpolling/poll', () => ({ channels: ['\u0000', 'x'.repeat(60)], last: 0 })],
  ];
  let running = true;
  let sent = 0;
  let limited = 0;
  const loops = routes.flatMap(([route, params], r) => {
    const client = new RpcClient(server.url, { localAddress: `127.0.2.${1 + r}`, maxSockets: LOOPS_PER_ROUTE });
    return Array.from({ length: LOOPS_PER_ROUTE }, async () => {
      while (running) {
        try {
          const reply = await client.raw(route, params(), 10_000);
          sent++;
          if (reply.status === 429) limited++;
        } catch {
          sent++;
        }
      }
      client.close();
    });
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { sent, limited };
    },
  };
}

const p99 = (values: number[]): number => percentile(sortedCopy(values), 99);

/** Runs the scenario on SQLite with the default limits. */
export async function abuseScenario(ctx: BenchContext): Promise<ScenarioResult> {
  const visitors = ctx.quick ? 20 : 60;
  const posts = ctx.quick ? 3 : 5;
  const rounds = ctx.quick ? 2 : 3;
  const rows: Row[] = [];
  const data: Record<string, unknown> = { visitors, posts, rounds, loopsPerRoute: LOOPS_PER_ROUTE, targetRatio: TARGET_RATIO };
  const server = await startProductServer({ env: DEFAULT_LIMITS });
  try {
    // The seeded operator must be online for sessions to open.
    const cookie = await operatorCookie(server.url);
    const operator = new RpcClient(server.url, { cookie, localAddress: '127.0.3.1' });
    await operator.call('/web/session/get_session_info', {});
    const quiet = { init: [] as number[], post: [] as number[] };
    const attacked = { init: [] as number[], post: [] as number[] };
    let sent = 0;
    let limited = 0;
    let failed = 0;
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
      // Keeps the operator online between rounds (presence is refreshed by its requests).
      await operator.call('/web/session/get_session_info', {});
    }
    operator.close();
    for (const op of ['init', 'post'] as const) {
      const qs = summarize(quiet[op]);
      const as = summarize(attacked[op]);
      const ratio = as.median / qs.median;
      const name = op === 'init' ? '/im_livechat/init' : '/mail/chat_post';
      rows.push({ scenario: 'abuse', metric: `${name} p99, quiet`, value: formatSummary(qs, 1, ' ms'), reference: `${rounds} rounds of ${visitors} visitors` });
      rows.push({ scenario: 'abuse', metric: `${name} p99, under attack`, value: formatSummary(as, 1, ' ms'), reference: `${ratio.toFixed(2)}× quiet; target ≤ ${TARGET_RATIO}×` });
    }
    rows.push({ scenario: 'abuse', metric: 'attacker calls answered', value: String(sent), reference: `${limited} refused with 429; ${failed} legitimate visitors failed` });
    Object.assign(data, { quiet, attacked, sent, limited, failed });
  } finally {
    await server.stop();
  }
  return { name: 'abuse', rows, data, notMeasured: [] };
}
