import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { CHROMIUM_ARGS, findChromium, freePort } from './test/support/browser.mjs';

// The config is evaluated in the runner and again in each worker: the first evaluation picks a free port
// and a data folder and hands them to the workers through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'live-chat-e2e-'));
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;
const executablePath = await findChromium();

export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
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
    command: 'node dist-server/server/main.js',
    url: `http://127.0.0.1:${port}/live-chat.js`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LIVECHAT_ADMIN_PASSWORD: 'e2e-admin-password',
      LOG_LEVEL: 'warn',
    },
  },
});
