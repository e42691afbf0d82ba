import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { consoleLoggedIn, openChat, rpc, send } from './widget-support.js';

// The operator's real console and the visitor's real widget page, against the built server: a snoozed
// conversation wakes up when the visitor writes, and the list's views count it live.

/** The open count a view's button tells assistive technology ("3 open"). */
async function countOf(view: Locator): Promise<number> {
  const said = (await view.locator('.op-sr-only').textContent()) ?? '';
  const match = /^(\d+) open$/.exec(said);
  if (!match) throw new Error(`no count in ${said}`);
  return Number(match[1]);
}

/** The conversation selected in the list. */
const selectedItem = (desk: Page) => desk.getByRole('navigation', { name: 'Conversations' }).locator('[aria-current="true"]');

test('the operator snoozes a live conversation; the visitor writes and it is open again; the views count live', async ({ browser, request }) => {
  const desk = await consoleLoggedIn(browser);
  const deskErrors: string[] = [];
  desk.on('pageerror', (e) => deskErrors.push(e.message));
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(request, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);
  const views = desk.getByRole('group', { name: 'Views' });
  const mine = views.getByRole('button', { name: /^Mine/ });
  await expect(mine).toHaveAttribute('aria-pressed', 'true');
  await expect(views.getByRole('button', { name: /^All \d+ open$/ }), 'an admin has the view of all conversations').toBeVisible();
  await expect(mine).toHaveAccessibleName(/^Mine \d+ open$/);
  const before = await countOf(mine);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const chat = await openChat(visitor);
  await send(visitor, 'Where is my order?');
  await expect(chat.getByRole('log').getByText('Where is my order?')).toBeVisible();

  const item = desk.getByRole('button', { name: /Where is my order\?/ });
  await expect(item).toBeVisible();
  await expect(mine).toHaveAccessibleName(`Mine ${before + 1} open`);
  await item.click();
  const status = desk.getByRole('combobox', { name: 'Status' });
  await expect(status).toHaveValue('open');

  // Snoozed for an hour: the list says until when, and Mine counts one open conversation less.
  await status.selectOption('snoozed');
  await desk.getByRole('group', { name: 'Snooze' }).getByRole('button', { name: 'In 1 hour' }).click();
  await expect(selectedItem(desk)).toContainText('Snoozed until');
  await expect(status).toHaveValue('snoozed');
  await expect(mine).toHaveAccessibleName(`Mine ${before} open`);

  // The visitor writes: the conversation is open again, in the list, the pane and the count.
  await send(visitor, 'Any news?');
  await expect(selectedItem(desk)).toContainText('Any news?');
  await expect(selectedItem(desk)).not.toContainText('Snoozed until');
  await expect(status).toHaveValue('open');
  await expect(mine).toHaveAccessibleName(`Mine ${before + 1} open`);

  // Waiting for the visitor is shown in the list and is not counted open.
  await status.selectOption('waiting');
  await expect(selectedItem(desk)).toContainText('Waiting for visitor');
  await expect(mine).toHaveAccessibleName(`Mine ${before} open`);

  // Unassigned holds no chat: chats always have their operator.
  await views.getByRole('button', { name: /^Unassigned/ }).click();
  await expect(views.getByRole('button', { name: /^Unassigned/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(desk.getByRole('button', { name: /Any news\?/ })).toHaveCount(0);
  await mine.click();
  await expect(desk.getByRole('button', { name: /Any news\?/ })).toBeVisible();

  // Resolved is the close the widget knows: the visitor is asked for feedback.
  await status.selectOption('resolved');
  await expect(status).toHaveValue('resolved');
  await expect(status).toBeDisabled();
  await expect(chat.getByRole('button', { name: 'Sad' })).toBeVisible();
  expect(deskErrors).toEqual([]);
});
