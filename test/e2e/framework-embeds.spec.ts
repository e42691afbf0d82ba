import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { BUTTON, OPERATOR_NAME, operatorLogsIn, send } from './widget-support.js';

// demo/react/ and demo/vue/ are applications that bundle the library with their framework, as the
// README's "Embed" section shows; each listens to `livechat:*` events the way its framework allows.
const apps = [
  { name: 'React 19', path: '/react/' },
  { name: 'Vue 3', path: '/vue/' },
];

function eventLog(page: Page) {
  return page.getByRole('log', { name: 'Widget events' });
}

for (const app of apps) {
  test(`a ${app.name} app hears the widget's events, opens it from its own button and can remove and add it`, async ({ page, request }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await operatorLogsIn(request);
    await page.goto(app.path);
    await expect(page.getByRole('heading', { name: `A ${app.name} app` })).toBeVisible();
    await expect(eventLog(page).getByText('Operators available')).toBeVisible();
    await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();

    await page.getByRole('button', { name: 'Open the chat from the app' }).click();
    await expect(page.getByRole('dialog', { name: OPERATOR_NAME })).toBeVisible({ timeout: 15_000 });
    await expect(eventLog(page).getByText(`Chat opened with ${OPERATOR_NAME}`)).toBeVisible();
    // The operator's picture from the chat server sits beside their name.
    const picture = page.getByRole('dialog', { name: OPERATOR_NAME }).locator('header img');
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await send(page, `Hello from ${app.name}`);
    await expect(eventLog(page).getByText(`Message out: Hello from ${app.name}`)).toBeVisible();

    await page.getByRole('button', { name: 'Remove the chat' }).click();
    await expect(page.getByRole('dialog', { name: OPERATOR_NAME })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open the chat from the app' })).toBeDisabled();

    // Added again, the element finds the visitor's conversation from its cookie.
    await page.getByRole('button', { name: 'Add the chat' }).click();
    await expect(page.getByRole('dialog', { name: OPERATOR_NAME })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('dialog', { name: OPERATOR_NAME }).getByText(`Hello from ${app.name}`)).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test("a CMS page's theme styles do not reach into the chat, pasted in the footer scripts", async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await operatorLogsIn(request);
  await page.goto('/cms.html');
  await expect(page.getByRole('heading', { name: 'Fresh bread every morning' })).toHaveCSS('text-transform', 'uppercase');
  const button = page.getByRole('button', { name: BUTTON });
  await expect(button).toBeVisible();
  // The theme sets these on body, and inherited styles cross a shadow boundary unless the element stops them.
  for (const [property, value] of [['text-transform', 'none'], ['letter-spacing', 'normal'], ['font-style', 'normal']] as const) {
    await expect(button).toHaveCSS(property, value);
  }
  await button.click();
  const dialog = page.getByRole('dialog', { name: OPERATOR_NAME });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await send(page, 'Is there a gluten-free loaf?');
  const sent = dialog.getByText('Is there a gluten-free loaf?');
  await expect(sent).toBeVisible();
  await expect(sent).toHaveCSS('text-transform', 'none');
  await expect(sent).toHaveCSS('text-align', 'start');
  expect(errors).toEqual([]);
});
