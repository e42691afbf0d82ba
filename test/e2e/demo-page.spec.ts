import { expect } from '@playwright/test';
import { test } from './support/test.js';

test('the demo page shows the chat button from the built widget', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'A host page' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Chat with one of our collaborators' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the widget script is served with CORS so other origins can load it', async ({ request }) => {
  const res = await request.get('/live-chat.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['access-control-allow-origin']).toBe('*');
  expect(res.headers()['content-type']).toMatch(/javascript/);
});
