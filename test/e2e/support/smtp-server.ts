/**
 * A real SMTP server for the e2e run, started by Playwright's global setup in the runner process. The
 * server under test delivers to it (playwright.config.ts passes SMTP_URL); each mail it accepts is
 * written as `<n>.eml` with its envelope in `<n>.json` under E2E_SMTP_DIR, so tests in the worker
 * processes can read what was received.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpCapture } from '../../support/smtp-capture.js';

/** The envelope of a received mail, as the SMTP conversation gave it. */
export interface SmtpEnvelope {
  from: string;
  to: string[];
}

/** Starts the server on `port`, storing mails in `dir`; resolves with a function that stops it. */
export async function startSmtpServer(port: number, dir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const capture = await startSmtpCapture((mail) => {
    count += 1;
    const name = `${Date.now()}-${count}`;
    const envelope: SmtpEnvelope = { from: mail.from, to: mail.to };
    // The envelope goes last: a reader that sees the .json knows the .eml is complete.
    fs.writeFileSync(path.join(dir, `${name}.eml`), mail.raw);
    fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(envelope));
  }, port);
  return () => capture.close();
}
