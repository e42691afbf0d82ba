import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from './mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way the server sends mail: transcripts, alerts, answers to offline messages. */
    mailer: Mailer;
  }
}

/** Decorates `app.mailer` (SMTP_URL, else the outbox folder) and closes it with the app. */
export const mailerPlugin = fp(
  async (app: FastifyInstance) => {
    const { smtpUrl, mailFrom, dataDir } = app.config;
    const mailer = createMailer({ smtpUrl, from: mailFrom, dataDir, log: app.log });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer' },
);
