/**
 * Visitors of the operators scenario (test/bench/scenarios/operators.ts), forked under tsx. Each visitor
 * does what the widget does on the wire: init, get_session, then its own long poll on its conversation,
 * and posts with chat_post. Posting is open loop: messages go out at the rate asked, whoever answers late,
 * spread round-robin over the visitors. A share of the visitors leave and new ones arrive while the load
 * runs (`churnPerSecond`), as on a real site, so operators see new conversations and read their lists.
 * Argument: JSON { url, localAddress, visitors, channelId }. Messages: "opened" once the visitors
 * chat; "run" { startAt, endAt, rate, churnPerSecond } starts the load (times from lib/fleet.ts clock);
 * "done" when it ends; "report" asks for the VisitorReport; "stop" exits.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { RpcClient } from '../lib/rpc.js';
import { clock, noteFailure, stampedText, stampsIn, type VisitorReport } from '../lib/fleet.js';
import { LIMITS, type BusNotification } from '../../../src/protocol/livechat.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE, INIT_ROUTE, POLL_ROUTE } from '../../../src/protocol/routes.js';

interface Config {
  url: string;
  localAddress: string;
  visitors: number;
  channelId: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as Config;
const report: VisitorReport = { toVisitor: [], posts: [], postsFailed: 0, skipped: 0, opened: 0, refused: 0, errors: 0, lastError: '', errorKinds: {} };
let running = true;
let inflight = 0;
/** Unanswered posts at which the sender stops adding more and counts them as skipped instead. */
const MAX_INFLIGHT = 2000;
/** New conversations opened at once while the visitors arrive: a browser's page views do not come all together. */
const OPEN_BATCH = 20;

function failed(err: unknown): void {
  if (running) noteFailure(report, err);
}

let nextName = 0;

/** One visitor's tab: its conversation and its poll. */
class Visitor {
  private last = 0;
  private readonly poll = new AbortController();
  private uuid = '';
  private pending = 0;
  private gone = false;

  // A browser opens at most 6 connections to one server; the widget needs its poll and one for posts.
  constructor(private readonly rpc = new RpcClient(config.url, { localAddress: config.localAddress, maxSockets: 2 })) {}

  /** init and get_session as the widget calls them; false when no operator took the conversation. */
  async open(): Promise<boolean> {
    await this.rpc.call(INIT_ROUTE, { channel_id: config.channelId, page_url: 'https://shop.example/products/42' });
    const session = await this.rpc.call<{ uuid: string } | false>(GET_SESSION_ROUTE, { channel_id: config.channelId, anonymous_name: `Visitor ${++nextName}` });
    if (!session) {
      report.refused++;
      return false;
    }
    this.uuid = session.uuid;
    report.opened++;
    void this.pollLoop();
    return true;
  }

  private async pollLoop(): Promise<void> {
    while (running && !this.poll.signal.aborted) {
      try {
        const reply = await this.rpc.call<BusNotification[]>(POLL_ROUTE, { channels: [this.uuid], last: this.last }, LIMITS.pollTimeoutMs, this.poll.signal);
        const at = clock();
        for (const n of reply) {
          if (n.id <= this.last) continue;
          this.last = Math.max(this.last, n.id);
          for (const sent of stampsIn(JSON.stringify(n.message), 'o')) report.toVisitor.push(sent, at - sent);
        }
      } catch (err) {
        if (this.poll.signal.aborted) return;
        failed(err);
        await sleep(1000);
      }
    }
  }

  post(): void {
    const text = stampedText('v');
    const sent = Number(/v(\d+\.\d+)x/.exec(text)?.[1]);
    inflight++;
    this.pending++;
    this.rpc
      .call<number | false>(CHAT_POST_ROUTE, { uuid: this.uuid, message_content: text })
      .then(
        (id) => (typeof id === 'number' ? report.posts.push(sent) : report.postsFailed++),
        (err: unknown) => {
          report.postsFailed++;
          failed(err);
        },
      )
      .finally(() => {
        inflight--;
        if (--this.pending === 0 && this.gone) this.rpc.close();
      });
  }

  /**
   * The visitor leaves the page: its poll ends, its conversation stays for the operator. Posts still
   * unanswered keep their connection: closing it would count the server's answer as a failure.
   */
  leave(): void {
    this.gone = true;
    this.poll.abort();
    if (this.pending === 0) this.rpc.close();
  }
}

const visitors: Visitor[] = [];

/** Opens `count` conversations, a batch at a time; the refused ones are counted, not retried. */
async function arrive(count: number): Promise<void> {
  for (let i = 0; i < count; i += OPEN_BATCH) {
    const batch = Array.from({ length: Math.min(OPEN_BATCH, count - i) }, () => new Visitor());
    const opened = await Promise.all(batch.map((v) => v.open().catch((err: unknown) => (failed(err), false))));
    batch.forEach((v, k) => (opened[k] ? visitors.push(v) : v.leave()));
  }
}

/** Posts `rate` messages a second from startAt to endAt, round-robin, and replaces visitors as they leave. */
async function run(startAt: number, endAt: number, rate: number, churnPerSecond: number): Promise<void> {
  await sleep(Math.max(0, startAt - clock()));
  let sent = 0;
  let churned = 0;
  let turn = 0;
  while (clock() < endAt) {
    const elapsed = (clock() - startAt) / 1000;
    for (const due = Math.floor(elapsed * rate); sent < due; sent++) {
      const visitor = visitors[turn++ % Math.max(1, visitors.length)];
      if (!visitor || inflight >= MAX_INFLIGHT) report.skipped++;
      else visitor.post();
    }
    for (const due = Math.floor(elapsed * churnPerSecond); churned < due; churned++) {
      visitors.shift()?.leave();
      arrive(1).catch(failed);
    }
    await sleep(2);
  }
}

process.on('message', (m: { type?: string; startAt?: number; endAt?: number; rate?: number; churnPerSecond?: number }) => {
  if (m.type === 'run') {
    run(m.startAt ?? 0, m.endAt ?? 0, m.rate ?? 0, m.churnPerSecond ?? 0).then(() => process.send?.({ type: 'done' }), failed);
  }
  if (m.type === 'report') process.send?.({ type: 'report', report });
  if (m.type === 'stop') {
    running = false;
    for (const v of visitors) v.leave();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));

await arrive(config.visitors);
process.send?.({ type: 'opened', visitors: visitors.length });
