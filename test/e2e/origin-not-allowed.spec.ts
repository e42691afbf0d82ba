import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { startServer, type StartedServer } from '../server/support/started-server.js';

// A chat server of its own whose ALLOWED_ORIGINS leaves out the demo server's origin, where the page runs.
let chatServer: StartedServer;
let dataFolder: string;

test.beforeAll(async () => {
  dataFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-e2e-origins-'));
  chatServer = await startServer(process.execPath, [path.resolve('packages/server/dist/server/main.js')], dataFolder, {
    ALLOWED_ORIGINS: 'https://shop.example',
    LIVECHAT_ADMIN_PASSWORD: 'e2e-origins-password',
    LOG_LEVEL: 'warn',
  });
});

test.afterAll(async () => {
  await chatServer?.stop();
  fs.rmSync(dataFolder, { recursive: true, force: true });
});

test('a page on a site the server does not allow is told why, once', async ({ page, baseURL }) => {
  const widgetWarnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' && m.text().startsWith('<live-chat>')) widgetWarnings.push(m.text());
  });
  const pageOrigin = new URL(baseURL as string).origin;

  for (let visit = 0; visit < 2; visit += 1) {
    widgetWarnings.length = 0;
    // The demo page (its widget script included) comes from the e2e server; this element asks the other one.
    await page.goto('/');
    await page.evaluate((serverUrl) => {
      const seen: unknown[] = [];
      (window as unknown as { refusals: unknown[] }).refusals = seen;
      const element = document.createElement('live-chat');
      element.setAttribute('channel-id', '1');
      element.setAttribute('server-url', serverUrl);
      element.addEventListener('livechat:error', (e) => seen.push((e as CustomEvent).detail));
      document.body.append(element);
    }, chatServer.base);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { refusals: unknown[] }).refusals))
      .toEqual([{ code: 'origin_not_allowed', message: "This site is not in the chat server's ALLOWED_ORIGINS" }]);
    expect(widgetWarnings).toHaveLength(1);
    expect(widgetWarnings[0]).toContain(pageOrigin);
    expect(await page.evaluate((serverUrl) => document.querySelector(`live-chat[server-url="${serverUrl}"]`)?.shadowRoot?.querySelector('button') ?? null, chatServer.base)).toBeNull();
  }

  // The server tells its owner once, however many pages the site shows.
  const warnings = chatServer.log().split('\n').filter((line) => line.includes('ALLOWED_ORIGINS') && line.includes(pageOrigin));
  expect(warnings).toHaveLength(1);
});
