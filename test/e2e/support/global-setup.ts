/**
 * Playwright global setup: the SMTP server the e2e server delivers to. Its port and mail folder were
 * chosen when playwright.config.ts was first evaluated and travel to the workers in the environment.
 */
import { startSmtpServer } from './smtp-server.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT);
  const dir = process.env.E2E_SMTP_DIR;
  if (!port || !dir) throw new Error('playwright.config.ts sets E2E_SMTP_PORT and E2E_SMTP_DIR');
  return startSmtpServer(port, dir);
}
