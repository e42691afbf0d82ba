import type { FastifyBaseLogger } from 'fastify';
import type { AlertKind, ChannelRow, VisitorSessionRow } from '../../core/db/tables.js';
import type { Store } from '../../domain/store/index.js';
import type { Mailer } from '../../core/mail/mailer.js';
import type { CounterStore } from '../../core/limits/counter-store.js';
import type { AppMetrics } from '../../core/metrics/app-metrics.js';
import type { Outbox, RetryPolicy } from '../../core/outbox/outbox.js';
import type { OutboxItem } from '../../core/outbox/outbox-store.js';
import type { AlertStore, SuppressedAlert } from './alert-store.js';
import { alertDigestMail, missedChatMail, offlineMessageMail } from './alert-mails.js';

const HOUR = 3600_000;

/** Bounds and timings of the alerts (README "Alerts for operators"). */
export const ALERT_LIMITS = {
  /** Conversations older than this are never alerted about (a long outage, an upgrade). */
  lookbackMs: 24 * 3600_000,
  /** Conversations a sweep handles at most per kind; the next sweep takes the rest. */
  perSweep: 100,
  /** Timers one process keeps at most; past it the periodic sweep finds the conversation. */
  maxTimers: 10_000,
  /** A failed mail is tried three times in all, a minute and then five after the failure, then given up (logged). */
  retry: { attempts: 3, baseMs: 60_000, factor: 5, maxMs: 5 * 60_000 } satisfies RetryPolicy,
} as const;

/** The outbox topic of the alert mails. */
export const ALERT_MAIL_TOPIC = 'alert-mail';

/** What an alert mail's outbox row carries. */
interface AlertMailPayload {
  sessionId: number;
  kind: AlertKind;
}

/** What the alerts need from the server. */
export interface AlertDeps {
  store: Store;
  /** The alerts' own records and the operators' alert settings. */
  alertStore: AlertStore;
  mailer: Mailer;
  now(): number;
  /** The channel's row, possibly a few seconds old (init's availability cache). */
  channel(id: number): Promise<ChannelRow | undefined>;
  /** The console address of a conversation, for the link in the mail. */
  conversationLink(sessionId: number): string;
  /** The operator console, for the link in a digest. */
  consoleLink: string;
  /** Where the hourly cap counts: the counters every limit of the server uses. */
  counters: CounterStore;
  /** Alert mails one channel sends in a clock hour, both kinds together (ALERT_MAILS_PER_HOUR). */
  mailsPerHour: number;
  metrics: Pick<AppMetrics, 'alertMailsSuppressed' | 'alertDigestsSent'>;
  log: FastifyBaseLogger;
  /** Where claimed alerts wait to be mailed; its handler of {@link ALERT_MAIL_TOPIC} is {@link AlertService.send}. */
  outbox: Pick<Outbox, 'enqueue' | 'sweep'>;
}

/**
 * Alert mails to a channel's operators: "missed chat" when nobody answered a chat within the channel's
 * delay, "new message" for an offline message. Each conversation gets at most one mail of each kind,
 * whatever the number of server processes: the database row is claimed, then the mail is handed to the
 * outbox (core/outbox), which sends it at once and tries a failed one again (by whichever process sweeps
 * first) up to {@link ALERT_LIMITS.retry} attempts in all. A process that stops while sending leaves a
 * claim the outbox takes back later: that mail may then go out twice, never zero times.
 *
 * Timing: a visitor's post arms a timer in the process that received it; a sweep on start and every
 * minute finds what a stopped process left (timers live in memory only).
 *
 * Volume: a channel sends at most `mailsPerHour` alert mails in a clock hour, whatever the number of
 * conversations (anonymous visitors open them at will); the alerts past it are recorded as suppressed,
 * and the first sweep of the next hour mails one digest that counts them, claimed in the database so
 * that several processes send it once.
 */
export class AlertService {
  readonly #timers = new Map<number, NodeJS.Timeout>();
  #closed = false;

  constructor(private readonly deps: AlertDeps) {}

  /** A visitor wrote in a live chat: check for a missed chat once the channel's delay has passed. */
  async chatPosted(session: Pick<VisitorSessionRow, 'id' | 'channel_id'>): Promise<void> {
    const { id: sessionId, channel_id: channelId } = session;
    if (this.#closed || this.#timers.has(sessionId) || this.#timers.size >= ALERT_LIMITS.maxTimers) return;
    const channel = await this.deps.channel(channelId);
    if (!channel || this.#timers.has(sessionId)) return;
    const timer = setTimeout(() => {
      this.#timers.delete(sessionId);
      this.#missed(sessionId).catch((err: unknown) => this.deps.log.error({ err, session: sessionId }, 'missed-chat check failed'));
    }, channel.missed_after_seconds * 1000 + 100);
    timer.unref();
    this.#timers.set(sessionId, timer);
  }

  /** A visitor left an offline message: its "new message" mail. */
  async offlineMessage(session: VisitorSessionRow): Promise<void> {
    if (await this.deps.alertStore.claim(session.id, 'offline_message', this.deps.now())) await this.#enqueue(session.id, 'offline_message');
  }

  /** Everything due: missed chats, offline messages without a mail, failed mails whose retry time came. */
  async sweep(): Promise<void> {
    const { alertStore, now } = this.deps;
    const since = now() - ALERT_LIMITS.lookbackMs;
    for (const session of await alertStore.missedChats(now(), since, ALERT_LIMITS.perSweep)) {
      if (await alertStore.claim(session.id, 'missed_chat', now())) await this.#enqueue(session.id, 'missed_chat');
    }
    for (const session of await alertStore.unannouncedOfflineMessages(since, ALERT_LIMITS.perSweep)) await this.offlineMessage(session);
    // Retries recorded before the outbox existed continue there, with the attempts they already made.
    for (const retry of await alertStore.dueRetries(now(), ALERT_LIMITS.perSweep)) {
      const attempt = await alertStore.claimRetry(retry.session_id, retry.kind, now());
      if (attempt !== undefined) await this.#enqueue(retry.session_id, retry.kind, attempt - 1);
    }
    await this.deps.outbox.sweep();
    const hourStart = now() - (now() % HOUR);
    for (const channelId of await alertStore.channelsToDigest(hourStart, since, ALERT_LIMITS.perSweep)) {
      const taken = await alertStore.claimSuppressed(channelId, hourStart);
      if (taken.length > 0) await this.#digest(channelId, taken, hourStart);
    }
  }

  /** Stops the timers (the app is closing); the next start's sweep takes over. */
  close(): void {
    this.#closed = true;
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }

  async #missed(sessionId: number): Promise<void> {
    const { alertStore, now } = this.deps;
    const [session] = await alertStore.missedChats(now(), now() - ALERT_LIMITS.lookbackMs, 1, sessionId);
    if (session && (await alertStore.claim(session.id, 'missed_chat', now()))) await this.#enqueue(session.id, 'missed_chat');
  }

  #enqueue(sessionId: number, kind: AlertKind, attemptsMade = 0): Promise<void> {
    const payload: AlertMailPayload = { sessionId, kind };
    return this.deps.outbox.enqueue(ALERT_MAIL_TOPIC, `${ALERT_MAIL_TOPIC}:${sessionId}`, payload, { attemptsMade });
  }

  /**
   * The outbox's handler: sends a claimed alert and records how it went. A failed sending is recorded and
   * thrown, so the outbox tries it again.
   */
  async send(payload: unknown, item: Pick<OutboxItem, 'attempt'>): Promise<void> {
    const { sessionId, kind } = payload as AlertMailPayload;
    const session = await this.deps.store.getVisitorSession(sessionId);
    // Deleted meanwhile (retention): nothing to tell, and its alert row went with it.
    if (session) await this.#deliver(session, kind, item.attempt);
  }

  async #deliver(session: VisitorSessionRow, kind: AlertKind, attempt: number): Promise<void> {
    const { store, alertStore, mailer, now, log } = this.deps;
    try {
      const channel = await store.getChannel(session.channel_id);
      const recipients = channel ? await alertStore.recipients(channel.id, kind) : [];
      if (!channel || recipients.length === 0) {
        await alertStore.finish(session.id, kind, { state: 'no_recipients', recipients: 0 }, now());
        return;
      }
      // A retry was counted with its first attempt.
      if (attempt === 1 && !(await this.#withinHourlyCap(channel.id))) {
        await alertStore.finish(session.id, kind, { state: 'suppressed', recipients: 0 }, now());
        this.deps.metrics.alertMailsSuppressed.inc({ kind });
        log.info({ session: session.id, kind, channel: channel.id }, 'alert mail suppressed: the channel reached its hourly cap');
        return;
      }
      const messages = (await store.listMessages(session.id, 100)).reverse();
      const input = { to: recipients.map((r) => r.email), channel, session, messages, link: this.deps.conversationLink(session.id) };
      await mailer.send(kind === 'missed_chat' ? missedChatMail(input) : offlineMessageMail(input));
      await alertStore.finish(session.id, kind, { state: 'sent', recipients: recipients.length }, now());
      log.info({ session: session.id, kind, recipients: recipients.length }, 'alert mail sent');
    } catch (err) {
      // The outbox holds the retry time; this row only says how the last attempt went.
      await alertStore.finish(session.id, kind, { state: 'failed', retryAt: null }, now()).catch((e: unknown) => log.error({ err: e }, 'recording a failed alert failed'));
      throw err;
    }
  }

  /** Counts one alert mail of the channel in the current clock hour: false past the cap. */
  async #withinHourlyCap(channelId: number): Promise<boolean> {
    const at = this.deps.now();
    const hourStart = at - (at % HOUR);
    const state = await this.deps.counters.hit(`alert-mails:channel:${channelId}:${hourStart}`, hourStart + HOUR - at, at);
    return state.count <= this.deps.mailsPerHour;
  }

  /** Mails the digest of alerts this process took; a failure is logged, the conversations wait in the console. */
  async #digest(channelId: number, taken: SuppressedAlert[], until: number): Promise<void> {
    const { store, alertStore, mailer, log } = this.deps;
    try {
      const channel = await store.getChannel(channelId);
      const missedChats = taken.filter((a) => a.kind === 'missed_chat').length;
      const offlineMessages = taken.length - missedChats;
      const kinds = [...(missedChats > 0 ? (['missed_chat'] as const) : []), ...(offlineMessages > 0 ? (['offline_message'] as const) : [])];
      const recipients = channel ? [...new Set((await Promise.all(kinds.map((k) => alertStore.recipients(channelId, k)))).flat().map((r) => r.email))] : [];
      if (!channel || recipients.length === 0) return;
      const earliest = Math.min(...taken.map((a) => a.updated_at));
      const from = earliest - (earliest % HOUR);
      await mailer.send(alertDigestMail({ to: recipients, channel, missedChats, offlineMessages, from, until, perHour: this.deps.mailsPerHour, link: this.deps.consoleLink }));
      this.deps.metrics.alertDigestsSent.inc();
      log.info({ channel: channelId, alerts: taken.length, recipients: recipients.length }, 'alert digest sent');
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err), channel: channelId, alerts: taken.length }, 'alert digest failed');
    }
  }
}
