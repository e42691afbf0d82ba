/**
 * Playwright global setup: the SMTP server the e2e server delivers to. Its port and mail folder were
 * chosen when playwright.config.ts was first evaluated and travel to the workers in the environment.
 */
import fs from 'node:fs';
import { startSmtpServer } from './smtp-server.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT);
  const dir = process.env.E2E_SMTP_DIR;
  if (!port || !dir) throw new Error('playwright.config.ts sets E2E_SMTP_PORT and E2E_SMTP_DIR');
  const stopSmtp = await startSmtpServer(port, dir);
  return async () => {
    await stopSmtp();
    const data = process.env.E2E_DATA_DIR;
    // The server may still hold its database open: on Linux the files go once it closes them.
    if (data && process.env.E2E_DATA_DIR_TEMPORARY === '1') fs.rmSync(data, { recursive: true, force: true });
  };
}
