import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ALERT_LIMITS, ALERT_MAIL_TOPIC, AlertService } from './alert-service.js';
import { KyselyAlertStore } from './alert-store.js';
import { runPeriodically } from '../../core/periodic.js';
import { conversationLinkHash } from '../../../protocol/operator-console.js';
import { mentionMails } from './mention-mail.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alert mails to operators: missed chats and offline messages (issue 14). */
    alerts: AlertService;
    /** The alerts' records and the operators' alert settings, on the open database. */
    alertStore: KyselyAlertStore;
  }
}

/** How often every process looks for alerts a stopped process left behind, and for retries. */
export const ALERT_SWEEP_MS = 60_000;

/** The console's address: PUBLIC_URL when set (README "Configuration"), else this server on localhost. */
function consoleLink(publicUrl: string | undefined, port: number): string {
  return `${publicUrl ?? `http://localhost:${port}`}/operator/`;
}

/** The console address of a conversation. */
export function conversationLink(publicUrl: string | undefined, port: number, sessionId: number): string {
  return `${consoleLink(publicUrl, port)}${conversationLinkHash(sessionId)}`;
}

/** Decorates `app.alerts`, listens to the conversations' events, sweeps once the server is ready and then every minute, and stops with the app. */
export const alertsPlugin = fp(
  async (app: FastifyInstance) => {
    const alertStore = new KyselyAlertStore(app.database.db);
    app.decorate('alertStore', alertStore);
    const alerts = new AlertService({
      store: app.store,
      alertStore,
      mailer: app.mailer,
      now: () => app.clock.now(),
      channel: async (id) => (await app.availability.get(id)).channel,
      conversationLink: (id) => conversationLink(app.config.publicUrl, app.config.port, id),
      consoleLink: consoleLink(app.config.publicUrl, app.config.port),
      counters: app.limits.counters,
      mailsPerHour: app.config.alertMailsPerHour,
      metrics: app.metrics,
      log: app.log,
      outbox: app.outbox,
    });
    app.decorate('alerts', alerts);
    app.outbox.handle(ALERT_MAIL_TOPIC, (payload, item) => alerts.send(payload, item), ALERT_LIMITS.retry);
    // A visitor's message starts the missed-chat clock (issue 14), unless one is already running.
    app.events.on('message.posted', async ({ sessionId, channelId, author }) => {
      if (author === 'visitor') await alerts.chatPosted({ id: sessionId, channel_id: channelId });
    });
    // An offline message is mailed at once; a failed mail is tried again by the sweep.
    app.events.on('conversation.created', async ({ sessionId, origin }) => {
      const session = origin === 'offline' ? await app.store.getVisitorSession(sessionId) : undefined;
      if (session) await alerts.offlineMessage(session);
    });
    mentionMails(app, (id) => conversationLink(app.config.publicUrl, app.config.port, id));
    runPeriodically(app, { name: 'alert sweep', everyMs: ALERT_SWEEP_MS, run: () => alerts.sweep(), beforeStop: () => alerts.close() });
  },
  { name: 'alerts', dependencies: ['database', 'store', 'mailer', 'clock', 'limits', 'events', 'outbox'] },
);
