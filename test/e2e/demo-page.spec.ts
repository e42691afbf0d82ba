import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { operatorLogsIn } from './widget-support.js';

test('the demo page shows the chat button from the built widget', async ({ page, request }) => {
  // The button shows only while an operator is available; alone, this test cannot count on an earlier one.
  await operatorLogsIn(request);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'A host page' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Chat with one of our collaborators' })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the demo page's snippet loads the widget from the server's full address", async ({ page, baseURL }) => {
  await page.goto('/');
  const origin = new URL(baseURL!).origin;
  await expect(page.getByRole('main')).toContainText(`<script type="module" src="${origin}/live-chat.js"></script>`);
  await expect(page.getByRole('main')).toContainText('The chat button appears once an operator is online');
  await expect(page.getByRole('link', { name: 'operator console' })).toHaveAttribute('href', '/operator/');
});

test('the widget script is served with CORS so other origins can load it', async ({ request }) => {
  const res = await request.get('/live-chat.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['access-control-allow-origin']).toBe('*');
  expect(res.headers()['content-type']).toMatch(/javascript/);
});
