import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { consoleLoggedIn } from './widget-support.js';

// The console on the real built page: its colours follow the system until the operator picks a theme in
// their profile, and the pick outlives a reload. Colours are compared, not named, so a palette change
// does not break the test; their contrast is measured in test/operator/app/themes.test.tsx.

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test('the console follows the system’s light or dark theme, and the Appearance chosen in the profile wins and is kept', async ({ browser }) => {
  const page = await consoleLoggedIn(browser, { colorScheme: 'light' });
  const light = await background(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = await background(page);
  expect(dark).not.toBe(light);

  await page.getByRole('button', { name: /, profile$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Your profile' });
  const appearance = dialog.getByRole('group', { name: 'Appearance' });
  await expect(appearance.getByRole('radio', { name: 'Match the system' })).toBeChecked();
  await appearance.getByRole('radio', { name: 'Light' }).check();
  await expect.poll(() => background(page)).toBe(light);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  expect(await background(page)).toBe(light);

  await page.getByRole('button', { name: /, profile$/ }).click();
  await page.getByRole('group', { name: 'Appearance' }).getByRole('radio', { name: 'Match the system' }).check();
  await expect.poll(() => background(page)).toBe(dark);
  await page.context().close();
});
