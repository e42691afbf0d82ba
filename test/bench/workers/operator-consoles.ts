/**
 * Operators of the operators scenario (test/bench/scenarios/operators.ts), forked under tsx: each logs in
 * and keeps what its console keeps open, with the console's own calls (src/operator/desk): the bus poll on
 * its channel and its live conversations' channels, dropped and sent again when one is added; the "mine"
 * list, read again on a new conversation or a message of an unknown one, at most once in 500 ms; the view
 * counts, read 250 ms after the last notification that may change them; the conversation it has open,
 * read when opened, its visitor's new messages marked seen as they arrive; the tags of the listed
 * conversations when they change. It answers every `answerEvery`th
 * visitor message after `answerDelayMs`, as the operator would, opening that conversation first.
 * Argument: JSON { url, localAddress, accounts: {login, password}[], answerEvery, answerDelayMs }.
 * Messages: "ready" once every console is open; "window" { from, to } tells when calls are counted;
 * "quiet" stops answering; "report" asks for the OperatorReport; "stop" closes everything and exits.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { RpcClient } from '../lib/rpc.js';
import { clock, noteFailure, stampedText, stampsIn, type OperatorReport } from '../lib/fleet.js';
import { BusChannel, LIMITS, type BusNotification, type ChatMessage } from '../../../src/protocol/livechat.js';
import { CHAT_POST_ROUTE, POLL_ROUTE, SESSION_AUTHENTICATE_ROUTE } from '../../../src/protocol/routes.js';
import { decodeConsoleNotification, movesViewCounts } from '../../../src/operator/core/console-bus.js';
import { CONVERSATIONS_ROUTE, CONVERSATION_ROUTE, MARK_SEEN_ROUTE, PRESENCE_ROUTE } from '../../../src/protocol/console/routes.js';
import { VIEW_COUNTS_ROUTE } from '../../../src/protocol/console/status-routes.js';
import { CONVERSATION_TAGS_ROUTE } from '../../../src/protocol/console/tags.js';

interface Config {
  url: string;
  localAddress: string;
  accounts: { login: string; password: string }[];
  answerEvery: number;
  answerDelayMs: number;
}

const config = JSON.parse(process.argv[2] ?? '{}') as Config;
const report: OperatorReport = { toOperator: [], list: [], counts: [], answers: [], answersFailed: 0, pollRestarts: 0, calls: {}, errors: 0, lastError: '', errorKinds: {} };
let running = true;
let answering = true;
/** The measured window (lib/fleet.ts clock): calls started within it are counted by route. */
let window = { from: Number.POSITIVE_INFINITY, to: 0 };

function counted(route: string, at: number): void {
  if (at >= window.from && at < window.to) report.calls[route] = (report.calls[route] ?? 0) + 1;
}

/** The console's debounce of the view counts and spacing of the list's reads (src/operator/desk/use-desk-loaders.ts). */
const COUNTS_DELAY_MS = 250;
const LIST_SPACING_MS = 500;

interface Listed {
  id: number;
  closed_at: number | null;
}
interface Detail {
  id: number;
  messages: { id?: number; author_id?: [number, string] | false }[];
}

function failed(err: unknown): void {
  if (running) noteFailure(report, err);
}

/** One operator's console tab. */
class Console {
  private readonly channel: string;
  private readonly reads = { busy: false, owed: false, lastAt: Number.NEGATIVE_INFINITY, timer: undefined as ReturnType<typeof setTimeout> | undefined };
  private last = 0;
  private listed: Listed[] = [];
  private channelsKey = '';
  private tagsKey = '';
  private openId: number | undefined;
  private seenUpTo = new Map<number, number>();
  private poll: AbortController | undefined;
  private countsTimer: ReturnType<typeof setTimeout> | undefined;
  private visitorMessages = 0;

  constructor(
    private readonly rpc: RpcClient,
    private readonly partnerId: number,
  ) {
    this.channel = BusChannel.operator(partnerId);
  }

  /** A timed call; `into` collects [start, latency]. */
  private async timed<T>(route: string, params: Record<string, unknown>, into?: number[]): Promise<T> {
    const at = clock();
    counted(route, at);
    const result = await this.rpc.call<T>(route, params);
    into?.push(at, clock() - at);
    return result;
  }

  /** What the desk does on mount: presence, the list (which starts the counts), then the bus. */
  async mount(): Promise<void> {
    await this.timed(PRESENCE_ROUTE, {});
    this.reads.busy = true;
    this.reads.lastAt = Date.now();
    this.reloadCounts();
    await this.readList().finally(() => this.listRead());
    void this.pollLoop();
  }

  /** Asks for the list: one read on its way at most, the next one no sooner than LIST_SPACING_MS after it started. */
  private reloadList(): void {
    const r = this.reads;
    this.reloadCounts();
    if (r.busy || r.timer !== undefined) {
      r.owed = true;
      return;
    }
    const wait = r.lastAt + LIST_SPACING_MS - Date.now();
    if (wait > 0) r.timer = setTimeout(() => this.startRead(), wait);
    else this.startRead();
  }

  private startRead(): void {
    Object.assign(this.reads, { busy: true, owed: false, lastAt: Date.now(), timer: undefined });
    this.readList()
      .catch(failed)
      .finally(() => this.listRead());
  }

  private listRead(): void {
    const r = this.reads;
    r.busy = false;
    if (r.owed && running) r.timer = setTimeout(() => this.startRead(), Math.max(0, r.lastAt + LIST_SPACING_MS - Date.now()));
  }

  /** The "mine" view's list and its tags when the listed ids changed. */
  private async readList(): Promise<void> {
    this.listed = await this.timed<Listed[]>(CONVERSATIONS_ROUTE, { view: 'mine' }, report.list);
    const ids = [...new Set([...this.listed.map((c) => c.id), ...(this.openId === undefined ? [] : [this.openId])])].slice(0, 100);
    if (ids.join(',') !== this.tagsKey) {
      this.tagsKey = ids.join(',');
      this.timed(CONVERSATION_TAGS_ROUTE, { session_ids: ids }).catch(failed);
    }
    // The desk follows the channel of every open conversation it lists (src/operator/desk/use-desk-bus.ts):
    // it adds channels and never drops one, so only a new one restarts the poll.
    const known = new Set(this.channelsKey.split(',').filter(Boolean));
    const added = [this.channel, ...this.listed.filter((c) => c.closed_at === null).map((c) => BusChannel.session(c.id))].filter((c) => !known.has(c));
    if (added.length > 0) {
      this.channelsKey = [...known, ...added].sort().join(',');
      if (this.poll) report.pollRestarts++;
      this.poll?.abort();
    }
  }

  private reloadCounts(): void {
    clearTimeout(this.countsTimer);
    this.countsTimer = setTimeout(() => {
      if (running) this.timed(VIEW_COUNTS_ROUTE, {}, report.counts).catch(failed);
    }, COUNTS_DELAY_MS);
  }

  /** Opens a conversation: its messages, its visitor's newest marked seen (read receipts). */
  private async open(id: number): Promise<void> {
    const detail = await this.timed<Detail>(CONVERSATION_ROUTE, { session_id: id });
    const newestFromVisitor = Math.max(0, ...detail.messages.filter((m) => !m.author_id || m.author_id[0] === 0).map((m) => m.id ?? 0));
    await this.markSeen(id, newestFromVisitor, Math.max(0, ...detail.messages.map((m) => m.id ?? 0)));
  }

  /** The read receipt (src/operator/desk/use-read-receipts.ts): once per new visitor message of the open conversation. */
  private async markSeen(id: number, newestFromVisitor: number, upTo: number): Promise<void> {
    if (newestFromVisitor <= (this.seenUpTo.get(id) ?? 0)) return;
    this.seenUpTo.set(id, upTo);
    await this.timed(MARK_SEEN_ROUTE, { session_id: id, message_id: upTo });
  }

  private async pollLoop(): Promise<void> {
    while (running) {
      const controller = new AbortController();
      this.poll = controller;
      const channels = this.channelsKey.split(',');
      counted(POLL_ROUTE, clock());
      try {
        const reply = await this.rpc.call<BusNotification[]>(POLL_ROUTE, { channels, last: this.last }, LIMITS.pollTimeoutMs, controller.signal);
        const at = clock();
        for (const n of reply.filter((x) => x.id > this.last).sort((a, b) => a.id - b.id)) {
          this.last = n.id;
          this.onNotification(n, at);
        }
      } catch (err) {
        if (controller.signal.aborted) continue;
        failed(err);
        // The console waits 10 s and more before it tries again; the bench would lose the run, so 1 s.
        await sleep(1000);
      }
    }
  }

  /** The desk's handling (src/operator/desk/desk-bus-events.ts), with the delivery stamp taken first. */
  private onNotification(n: BusNotification, at: number): void {
    const event = decodeConsoleNotification(n, this.partnerId);
    if (event.kind === 'new_session') this.reloadList();
    if (event.kind === 'message') this.onMessage(event.message.channel_ids[0] as number, event.message, at);
    if (movesViewCounts(event)) this.reloadCounts();
  }

  private onMessage(sessionId: number, message: ChatMessage, at: number): void {
    if (!this.listed.some((c) => c.id === sessionId)) this.reloadList();
    const fromVisitor = !message.author_id || message.author_id[0] === 0;
    if (!fromVisitor) return;
    for (const sent of stampsIn(message.body, 'v')) report.toOperator.push(sent, at - sent);
    const id = typeof message.id === 'number' ? message.id : 0;
    if (this.openId === sessionId) this.markSeen(sessionId, id, id).catch(failed);
    if (answering && ++this.visitorMessages % config.answerEvery === 0) {
      setTimeout(() => void this.answer(sessionId), config.answerDelayMs);
    }
  }

  /** Opens the conversation if another one is open, then posts the answer. */
  private async answer(sessionId: number): Promise<void> {
    if (!running || !answering) return;
    try {
      if (this.openId !== sessionId) {
        this.openId = sessionId;
        await this.open(sessionId);
      }
      const text = stampedText('o');
      const sent = Number(/o(\d+\.\d+)x/.exec(text)?.[1]);
      const id = await this.timed<number | false>(CHAT_POST_ROUTE, { session_id: sessionId, message_content: text });
      if (typeof id === 'number') report.answers.push(sent);
      else report.answersFailed++;
    } catch (err) {
      report.answersFailed++;
      failed(err);
    }
  }

  close(): void {
    clearTimeout(this.countsTimer);
    clearTimeout(this.reads.timer);
    this.poll?.abort();
    this.rpc.close();
  }
}

/** Logs one operator in (a real web session) and returns its console, not yet open. */
async function logIn(account: Config['accounts'][number]): Promise<Console> {
  const anonymous = new RpcClient(config.url, { localAddress: config.localAddress });
  try {
    const reply = await anonymous.raw<{ partner_id: number }>(SESSION_AUTHENTICATE_ROUTE, { db: 'livechat', login: account.login, password: account.password });
    const cookie = reply.setCookie.map((c) => c.split(';')[0]).find((c) => c?.startsWith('session_id='));
    if (reply.error || !reply.result || !cookie) throw new Error(`log-in of ${account.login} failed: ${reply.error?.data?.message ?? reply.error?.message ?? 'no cookie'}`);
    // A browser opens at most 6 connections to one server: the held poll and 5 for the rest.
    return new Console(new RpcClient(config.url, { cookie, localAddress: config.localAddress, maxSockets: 6 }), reply.result.partner_id);
  } finally {
    anonymous.close();
  }
}

const consoles: Console[] = [];
// Log-ins hash passwords (scrypt) on the server: a few at a time, as operators arriving in the morning.
for (let i = 0; i < config.accounts.length; i += 4) {
  consoles.push(...(await Promise.all(config.accounts.slice(i, i + 4).map(logIn))));
}
await Promise.all(consoles.map((c) => c.mount()));
process.send?.({ type: 'ready', consoles: consoles.length });

process.on('message', (m: { type?: string; from?: number; to?: number }) => {
  if (m.type === 'window') window = { from: m.from ?? 0, to: m.to ?? 0 };
  if (m.type === 'quiet') answering = false;
  if (m.type === 'report') process.send?.({ type: 'report', report });
  if (m.type === 'stop') {
    running = false;
    for (const c of consoles) c.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
