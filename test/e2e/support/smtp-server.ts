/**
 * A real SMTP server for the e2e run, started by Playwright's global setup in the runner process. The
 * server under test delivers to it (playwright.config.ts passes SMTP_URL); each mail it accepts is
 * written as `<n>.eml` with its envelope in `<n>.json` under E2E_SMTP_DIR, so tests in the worker
 * processes can read what was received.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** The envelope of a received mail, as the SMTP conversation gave it. */
export interface SmtpEnvelope {
  from: string;
  to: string[];
}

/** Starts the server on `port`, storing mails in `dir`; resolves with a function that stops it. */
export async function startSmtpServer(port: number, dir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no TLS upgrade for the client to verify, no authentication.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        const name = `${Date.now()}-${count}`;
        const envelope: SmtpEnvelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        // The envelope goes last: a reader that sees the .json knows the .eml is complete.
        fs.writeFileSync(path.join(dir, `${name}.eml`), Buffer.concat(chunks));
        fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(envelope));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
