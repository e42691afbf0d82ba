import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

/** A mail to send; every field is plain data, headers are cleaned before use. */
export interface OutgoingMail {
  /** One address, or several for one mail to a team. */
  to: string | readonly string[];
  subject: string;
  text: string;
  html: string;
}

/** Where a mail went: an SMTP server, or a file in the outbox when no SMTP_URL is configured. */
export type Delivery = { kind: 'smtp'; messageId: string } | { kind: 'file'; path: string };

/** Sending failed (SMTP refused, network down); the route reports it so the widget shows its error block. */
export class MailDeliveryError extends Error {
  readonly code = 'mail_delivery_failed';
}

/** Sends mail. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<Delivery>;
  close(): void;
}

/** Removes CR and LF so no value can add a header line. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

function recipients(to: OutgoingMail['to']): string | string[] {
  return typeof to === 'string' ? headerSafe(to) : to.map(headerSafe);
}

/**
 * Builds the mailer: nodemailer over SMTP_URL, or without it an `.eml` file per mail under
 * DATA_DIR/outbox/ whose path is logged (so a fresh install can see what would have been sent).
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  const from = headerSafe(options.from);
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        try {
          const info = await transport.sendMail({ from, to: recipients(mail.to), subject: headerSafe(mail.subject), text: mail.text, html: mail.html });
          return { kind: 'smtp', messageId: String(info.messageId) };
        } catch (err) {
          throw new MailDeliveryError(`SMTP delivery failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
        }
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, to: recipients(mail.to), subject: headerSafe(mail.subject), text: mail.text, html: mail.html });
      fs.mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      fs.writeFileSync(file, info.message as Buffer);
      options.log.info({ file }, 'no SMTP_URL configured: mail written to the outbox');
      return { kind: 'file', path: file };
    },
    close: () => transport.close(),
  };
}
