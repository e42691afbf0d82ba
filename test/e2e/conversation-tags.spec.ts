import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { consoleLoggedIn, openChat, rpc, send } from './widget-support.js';

// The operator tags a live conversation in the real console, the list filters by that tag on the server,
// and an admin's rename in another console reaches the first one's chips over the bus.
test('an operator tags a live conversation, the list filters by the tag, an admin renames it and the chip follows', async ({ browser, request }) => {
  const desk = await consoleLoggedIn(browser);
  const deskErrors: string[] = [];
  desk.on('pageerror', (e) => deskErrors.push(e.message));
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(request, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);

  const tagged = await (await browser.newContext()).newPage();
  await tagged.goto('/');
  await openChat(tagged);
  await send(tagged, 'Please refund my order');
  const other = await (await browser.newContext()).newPage();
  await other.goto('/');
  await openChat(other);
  await send(other, 'Just saying hello');

  const list = desk.getByRole('navigation', { name: 'Conversations' });
  const taggedRow = list.getByRole('button', { name: /Please refund my order/ });
  const otherRow = list.getByRole('button', { name: /Just saying hello/ });
  await expect(otherRow).toBeVisible();
  await taggedRow.click();

  // Tagging: a new name makes the tag; the chip shows in the pane and in the list row.
  const field = desk.getByRole('combobox', { name: 'Add a tag' });
  await field.fill('Refund');
  await expect(desk.getByRole('option', { name: 'Create tag “Refund”' })).toBeVisible();
  await field.press('Enter');
  const remove = desk.getByRole('button', { name: 'Remove tag Refund' });
  await expect(remove).toBeVisible();
  // The chip's colours hold under the console's strict CSP: grey, the default, with light text.
  await expect(remove.locator('..')).toHaveCSS('background-color', 'rgb(95, 107, 122)');
  await expect(remove.locator('..')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(taggedRow).toHaveAccessibleName(/Tags:\s*Refund/);

  // The server filters the list by the tag.
  const filter = desk.getByRole('combobox', { name: 'Filter by tag' });
  await filter.selectOption({ label: 'Refund' });
  await expect(otherRow).toBeHidden();
  await expect(taggedRow).toBeVisible();

  // An admin renames it in Administration; the first console's chips follow live.
  const admin = await consoleLoggedIn(browser);
  await admin.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Administration' }).click();
  await admin.getByRole('textbox', { name: 'Name of tag Refund' }).fill('Refund asked');
  await admin.getByRole('button', { name: 'Save tag Refund' }).click();
  await expect(admin.getByText('Tag “Refund asked” saved.')).toBeVisible();

  await expect(desk.getByRole('button', { name: 'Remove tag Refund asked' })).toBeVisible();
  await expect(taggedRow).toHaveAccessibleName(/Tags:\s*Refund asked/);
  await expect(filter.getByRole('option', { name: 'Refund asked' })).toBeAttached();
  await expect(otherRow).toBeHidden();
  expect(deskErrors).toEqual([]);
});
