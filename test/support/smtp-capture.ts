/**
 * A real SMTP server on loopback for the tests: plain SMTP (no TLS upgrade, no authentication) that
 * hands every accepted mail, with its envelope, to the caller. Returning an Error refuses the mail
 * with a 550 answer.
 */
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP conversation delivered it. */
export interface CapturedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

/** A running capture server. */
export interface SmtpCapture {
  port: number;
  close(): Promise<void>;
}

/** Starts the server on `port` (0: a free one). */
export async function startSmtpCapture(onMail: (mail: CapturedMail) => Error | void, port = 0): Promise<SmtpCapture> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const refusal = onMail({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        });
        callback(refusal ? Object.assign(refusal, { responseCode: 550 }) : undefined);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
