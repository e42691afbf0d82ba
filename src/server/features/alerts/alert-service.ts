import type { FastifyBaseLogger } from 'fastify';
import type { AlertKind, ChannelRow, VisitorSessionRow } from '../../core/db/tables.js';
import type { Store } from '../../domain/store/index.js';
import type { Mailer } from '../../core/mail/mailer.js';
import type { CounterStore } from '../../core/limits/counter-store.js';
import type { AppMetrics } from '../../core/metrics/app-metrics.js';
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
  /** A failed mail is tried this many times in all, then given up (logged). */
  attempts: 3,
  /** Wait before the second and the third attempt. */
  retryAfterMs: [60_000, 5 * 60_000] as readonly number[],
} as const;

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
    if (await this.deps.alertStore.claim(session.id, 'offline_message', this.deps.now())) await this.#deliver(session, 'offline_message', 1);
  }

  /** Everything due: missed chats, offline messages without a mail, failed mails whose retry time came. */
  async sweep(): Promise<void> {
    const { store, alertStore, now } = this.deps;
    const since = now() - ALERT_LIMITS.lookbackMs;
    for (const session of await alertStore.missedChats(now(), since, ALERT_LIMITS.perSweep)) {
      if (await alertStore.claim(session.id, 'missed_chat', now())) await this.#deliver(session, 'missed_chat', 1);
    }
    for (const session of await alertStore.unannouncedOfflineMessages(since, ALERT_LIMITS.perSweep)) await this.offlineMessage(session);
    for (const retry of await alertStore.dueRetries(now(), ALERT_LIMITS.perSweep)) {
      const attempt = await alertStore.claimRetry(retry.session_id, retry.kind, now());
      const session = attempt === undefined ? undefined : await store.getVisitorSession(retry.session_id);
      if (attempt !== undefined && session) await this.#deliver(session, retry.kind, attempt);
    }
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
    if (session && (await alertStore.claim(session.id, 'missed_chat', now()))) await this.#deliver(session, 'missed_chat', 1);
  }

  /** Sends a claimed alert and records how it went; never throws. */
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
      const wait = ALERT_LIMITS.retryAfterMs[attempt - 1];
      const retryAt = attempt < ALERT_LIMITS.attempts && wait !== undefined ? now() + wait : null;
      log.warn({ err: err instanceof Error ? err.message : String(err), session: session.id, kind, attempt, retry: retryAt !== null }, 'alert mail failed');
      await alertStore.finish(session.id, kind, { state: 'failed', retryAt }, now()).catch((e: unknown) => log.error({ err: e }, 'recording a failed alert failed'));
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
