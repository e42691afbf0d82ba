import type { FastifyBaseLogger } from 'fastify';
import type { AlertKind, ChannelRow, VisitorSessionRow } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { Mailer } from '../mail/mailer.js';
import { missedChatMail, offlineMessageMail } from './alert-mails.js';

/** Bounds and timings of the alerts (README "Alerts for operators"). */
export const ALERT_LIMITS = {
  /** Conversations older than this are never alerted about (a long outage, an upgrade). */
  lookbackMs: 24 * 3600_000,
  /** Conversations a sweep handles at most per kind; the next sweep takes the rest. */
  perSweep: 100,
  /** Timers one process keeps at most; past it the periodic sweep finds the conversation. */
  maxTimers: 10_000,
  /** A failed mail is tried this many times in all, then given up (logged). */
  attempts: 3,
  /** Wait before the second and the third attempt. */
  retryAfterMs: [60_000, 5 * 60_000] as readonly number[],
} as const;

/** What the alerts need from the server. */
export interface AlertDeps {
  store: Store;
  mailer: Mailer;
  now(): number;
  /** The channel's row, possibly a few seconds old (init's availability cache). */
  channel(id: number): Promise<ChannelRow | undefined>;
  /** The console address of a conversation, for the link in the mail. */
  conversationLink(sessionId: number): string;
  log: FastifyBaseLogger;
}

/**
 * Alert mails to a channel's operators: "missed chat" when nobody answered a chat within the channel's
 * delay, "new message" for an offline message. Each conversation gets at most one mail of each kind,
 * whatever the number of server processes: the database row is claimed before the mail is sent, and a
 * mail whose sending failed is tried again (by whichever process sweeps first) up to
 * {@link ALERT_LIMITS.attempts} times in all. A process that stops between claim and sending leaves
 * that alert unsent rather than risk sending it twice.
 *
 * Timing: a visitor's post arms a timer in the process that received it; a sweep on start and every
 * minute finds what a stopped process left (timers live in memory only).
 */
export class AlertService {
  readonly #timers = new Map<number, NodeJS.Timeout>();
  #closed = false;

  constructor(private readonly deps: AlertDeps) {}

  /** A visitor wrote in a live chat: check for a missed chat once the channel's delay has passed. */
  async chatPosted(session: VisitorSessionRow): Promise<void> {
    if (this.#closed || this.#timers.has(session.id) || this.#timers.size >= ALERT_LIMITS.maxTimers) return;
    const channel = await this.deps.channel(session.channel_id);
    if (!channel || this.#timers.has(session.id)) return;
    const timer = setTimeout(() => {
      this.#timers.delete(session.id);
      this.#missed(session.id).catch((err: unknown) => this.deps.log.error({ err, session: session.id }, 'missed-chat check failed'));
    }, channel.missed_after_seconds * 1000 + 100);
    timer.unref();
    this.#timers.set(session.id, timer);
  }

  /** A visitor left an offline message: its "new message" mail. */
  async offlineMessage(session: VisitorSessionRow): Promise<void> {
    if (await this.deps.store.alerts.claim(session.id, 'offline_message', this.deps.now())) await this.#deliver(session, 'offline_message', 1);
  }

  /** Everything due: missed chats, offline messages without a mail, failed mails whose retry time came. */
  async sweep(): Promise<void> {
    const { store, now } = this.deps;
    const since = now() - ALERT_LIMITS.lookbackMs;
    for (const session of await store.alerts.missedChats(now(), since, ALERT_LIMITS.perSweep)) {
      if (await store.alerts.claim(session.id, 'missed_chat', now())) await this.#deliver(session, 'missed_chat', 1);
    }
    for (const session of await store.alerts.unannouncedOfflineMessages(since, ALERT_LIMITS.perSweep)) await this.offlineMessage(session);
    for (const retry of await store.alerts.dueRetries(now(), ALERT_LIMITS.perSweep)) {
      const attempt = await store.alerts.claimRetry(retry.session_id, retry.kind, now());
      const session = attempt === undefined ? undefined : await store.getVisitorSession(retry.session_id);
      if (attempt !== undefined && session) await this.#deliver(session, retry.kind, attempt);
    }
  }

  /** Stops the timers (the app is closing); the next start's sweep takes over. */
  close(): void {
    this.#closed = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }

  async #missed(sessionId: number): Promise<void> {
    const { store, now } = this.deps;
    const [session] = await store.alerts.missedChats(now(), now() - ALERT_LIMITS.lookbackMs, 1, sessionId);
    if (session && (await store.alerts.claim(session.id, 'missed_chat', now()))) await this.#deliver(session, 'missed_chat', 1);
  }

  /** Sends a claimed alert and records how it went; never throws. */
  async #deliver(session: VisitorSessionRow, kind: AlertKind, attempt: number): Promise<void> {
    const { store, mailer, now, log } = this.deps;
    try {
      const channel = await store.getChannel(session.channel_id);
      const recipients = channel ? await store.alerts.recipients(channel.id, kind) : [];
      if (!channel || recipients.length === 0) {
        await store.alerts.finish(session.id, kind, { state: 'no_recipients', recipients: 0 }, now());
        return;
      }
      const messages = (await store.listMessages(session.id, 100)).reverse();
      const input = { to: recipients.map((r) => r.email), channel, session, messages, link: this.deps.conversationLink(session.id) };
      await mailer.send(kind === 'missed_chat' ? missedChatMail(input) : offlineMessageMail(input));
      await store.alerts.finish(session.id, kind, { state: 'sent', recipients: recipients.length }, now());
      log.info({ session: session.id, kind, recipients: recipients.length }, 'alert mail sent');
    } catch (err) {
      const wait = ALERT_LIMITS.retryAfterMs[attempt - 1];
      const retryAt = attempt < ALERT_LIMITS.attempts && wait !== undefined ? now() + wait : null;
      log.warn({ err: err instanceof Error ? err.message : String(err), session: session.id, kind, attempt, retry: retryAt !== null }, 'alert mail failed');
      await store.alerts.finish(session.id, kind, { state: 'failed', retryAt }, now()).catch((e: unknown) => log.error({ err: e }, 'recording a failed alert failed'));
    }
  }
}
