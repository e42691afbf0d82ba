import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { CHROMIUM_ARGS, findChromium, freePort } from './test/support/browser.mjs';

// The config is evaluated in the runner and again in each worker: the first evaluation picks a free port
// and a data folder and hands them to the workers through the environment.
process.env.E2E_PORT ??= String(await freePort());
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-e2e-'));
  // The global teardown removes a folder made here, never one given from outside.
  process.env.E2E_DATA_DIR_TEMPORARY = '1';
}
// The real SMTP server the e2e server delivers to (started by the global setup) and where it keeps mails.
process.env.E2E_SMTP_PORT ??= String(await freePort());
process.env.E2E_SMTP_DIR ??= path.join(process.env.E2E_DATA_DIR, 'smtp-received');
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
const smtpPort = Number(process.env.E2E_SMTP_PORT);
const executablePath = await findChromium();

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  globalSetup: './test/e2e/support/global-setup.ts',
  timeout: 30_000,
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(os.tmpdir(), 'live-chat-e2e.json') }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: {
    command: 'node packages/server/dist/server/main.js',
    url: `http://127.0.0.1:${port}/live-chat.js`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LIVECHAT_ADMIN_PASSWORD: 'e2e-admin-password',
      // Mail is delivered lazily at send time, so the SMTP server may start after the web server.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // Every spec opens chats from 127.0.0.1: the whole run would pass the per-minute session limit
      // meant for one visitor (the limits themselves are tested by the server's own tests).
      RATE_LIMIT_GET_SESSION: '1000',
      RATE_LIMIT_INIT: '10000',
      RATE_LIMIT_CHAT_HISTORY: '10000',
      RATE_LIMIT_CHAT_POST: '10000',
      RATE_LIMIT_TYPING: '10000',
      RATE_LIMIT_FEEDBACK: '10000',
      RATE_LIMIT_PAGE_HISTORY: '10000',
      RATE_LIMIT_POLL: '10000',
      // Operator log-ins of the whole run come from one address too (login-rate-limit.test.ts tests the limit).
      RATE_LIMIT_LOGIN: '1000',
      LOG_LEVEL: 'warn',
      // The specs drive the demo pages.
      DEMO: '1',
    },
  },
});
