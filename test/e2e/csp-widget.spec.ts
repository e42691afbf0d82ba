import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { openChat, operatorLogsIn, send } from './widget-support.js';

test('the widget works on a page with a strict Content Security Policy, without any violation', async ({ page, request }) => {
  await operatorLogsIn(request);
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.log(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const response = await page.goto('/csp.html');
  expect(response?.headers()['content-security-policy']).toMatch(/^script-src 'self'; style-src 'self';/);
  const dialog = await openChat(page);
  await send(page, 'Hello under CSP');
  await expect(dialog.getByRole('log').getByText('Hello under CSP')).toBeVisible();
  // The styles apply: the window is fixed to the bottom of the viewport.
  expect(await dialog.evaluate((d) => getComputedStyle(d).position)).toBe('fixed');
  expect(await page.evaluate(() => document.querySelector('live-chat')?.shadowRoot?.querySelectorAll('style').length)).toBe(0);
  expect(violations).toEqual([]);
});
