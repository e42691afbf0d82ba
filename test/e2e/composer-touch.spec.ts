import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { openChat, operatorLogsIn } from './widget-support.js';

// Issue 15: phones zoom into a focused field whose text is under 16 px. A touch screen (a coarse pointer)
// gets 16 px in the composer; a mouse keeps the window's 14 px.
for (const [device, hasTouch, size] of [
  ['a touch screen', true, '16px'],
  ['a mouse', false, '14px'],
] as const) {
  test(`the composer's text is ${size} with ${device}`, async ({ browser, request }) => {
    await operatorLogsIn(request);
    const context = await browser.newContext({ hasTouch });
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(hasTouch);
    await openChat(page);
    const field = page.getByRole('textbox', { name: 'Ask something ...' });
    await expect(field).toHaveCSS('font-size', size);
    await context.close();
  });
}
