import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { PIXEL_PNG, openChat, operatorLogsIn, send } from './widget-support.js';


test('a page on another origin embeds the widget and chats across origins', async ({ page, request, baseURL }) => {
  await operatorLogsIn(request);
  const widgetOrigin = new URL(baseURL as string);
  widgetOrigin.hostname = 'localhost';
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).origin));
  await page.goto('/cross-origin.html');
  const dialog = await openChat(page);
  await send(page, 'Hello from another origin');
  await expect(dialog.getByRole('log').getByText('Hello from another origin')).toBeVisible();
  // A file goes across origins too (the upload's pre-flight is answered), and its picture shows.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Attach a file' }).click();
  await (await chooser).setFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(dialog.getByRole('log').getByRole('img', { name: 'pixel.png' })).toBeVisible();
  expect(await dialog.getByRole('log').getByRole('img', { name: 'pixel.png' }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
  // The lazy chunks and every call went to the widget's origin; nothing to any third party.
  expect(requests).toContain(widgetOrigin.origin);
  expect(new Set(requests.filter((o) => o !== widgetOrigin.origin && o !== new URL(baseURL as string).origin))).toEqual(new Set());
});

test('an unavailable channel shows no button and downloads nothing more; interest in an available one loads the chunks', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/chunks/')) chunks.push(r.url());
  });
  await page.goto('/');
  // A channel that does not exist is never available.
  const ready = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        const el = document.createElement('live-chat');
        el.setAttribute('channel-id', '999999');
        el.addEventListener('livechat:ready', (e) => resolve((e as CustomEvent).detail));
        document.body.append(el);
      }),
  );
  expect(ready).toEqual({ available: false });
  expect(await page.evaluate(() => document.querySelector('live-chat[channel-id="999999"]')?.shadowRoot?.querySelector('button') ?? null)).toBeNull();
  expect(chunks).toEqual([]);
  // Positive control: pointing at the available channel's button fetches the React part.
  await page.locator('live-chat[channel-id="1"]').getByRole('button').hover();
  await expect.poll(() => chunks.length).toBeGreaterThan(0);
});
