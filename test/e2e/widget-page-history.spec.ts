import { expect } from '@playwright/test';
import { test } from './support/test.js';

// PROTOCOL.md §6.1: the eager script records the page at load, whether or not an operator is available.
// Channel 987654 does not exist, so init fails and nobody can answer: only the loader runs.

test('the loader records visited pages in im_livechat_history even when nobody is available', async ({ page }) => {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/chunks/')) chunks.push(r.url());
  });
  for (const path of ['/history-a.html?q=1', '/history-b.html', '/history-a.html?q=1']) {
    await page.route(`**${path.split('?')[0]}*`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en"><head><title>History</title><script type="module" src="/live-chat.js"></script></head><body><main><h1>History</h1></main><live-chat channel-id="987654"></live-chat></body></html>',
      }),
    );
    await page.goto(path);
    await page.waitForFunction(() => document.cookie.includes('im_livechat_history='));
  }
  const cookie = (await page.context().cookies()).find((c) => c.name === 'im_livechat_history');
  expect(cookie).toBeTruthy();
  expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual(['/history-a.html?q=1', '/history-b.html']);
  // One day (SPEC.md §9), give or take the test's own run time.
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(86_400 - 120);
  expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(86_400 + 5);
  await expect(page.getByRole('button')).toHaveCount(0);
  expect(chunks).toEqual([]);
});

const spaPage = (attrs: string) =>
  `<!doctype html><html lang="en"><head><title>Shop</title><script type="module" src="/live-chat.js"></script></head><body><main><h1>Shop</h1></main><live-chat channel-id="987654" ${attrs}></live-chat></body></html>`;

test('single-page app navigations are recorded; track-pages="false" writes no cookie at all', async ({ page }) => {
  let attrs = '';
  await page.route('**/spa/**', (route) => route.fulfill({ contentType: 'text/html', body: spaPage(attrs) }));
  await page.goto('/spa/home');
  await page.waitForFunction(() => document.cookie.includes('im_livechat_history='));
  await page.evaluate(() => {
    history.pushState({}, '', '/spa/cart');
    location.hash = 'pay';
  });
  await page.waitForFunction(() => decodeURIComponent(document.cookie).includes('/spa/cart#pay'));
  const pages = async () => JSON.parse(decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'im_livechat_history')?.value ?? '[]')) as string[];
  expect(await pages()).toEqual(['/spa/home', '/spa/cart', '/spa/cart#pay']);
  await page.evaluate(() => history.replaceState({}, '', '/spa/cart?step=2#pay'));
  await page.waitForFunction(() => decodeURIComponent(document.cookie).includes('/spa/cart?step=2#pay'));
  expect(await pages()).toEqual(['/spa/home', '/spa/cart', '/spa/cart#pay', '/spa/cart?step=2#pay']);
  // A back navigation (popstate) counts too: with the cookie emptied, it then holds the page returned to.
  await page.evaluate(() => {
    document.cookie = 'im_livechat_history=;path=/;max-age=0';
  });
  await page.goBack();
  await page.waitForFunction(() => document.cookie.includes('im_livechat_history='));
  expect(await pages()).toEqual(['/spa/cart']);

  await page.context().clearCookies();
  attrs = 'track-pages="false"';
  await page.goto('/spa/private');
  await page.waitForFunction(() => customElements.get('live-chat') !== undefined);
  await page.evaluate(() => history.pushState({}, '', '/spa/private/2'));
  await page.waitForTimeout(300);
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain('im_livechat_history');
});
