import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { BUTTON, OPERATOR_NAME, openChat, operatorLogsIn, rpc, send, visitorSession } from './widget-support.js';

// A phone visitor puts the window away to read the page, then moves on: the built widget on the demo
// page against the real server, the operator answering through its HTTP API.

test('a window minimised on a phone stays behind the button after a reload, with the unread answer on it', async ({ page, request }) => {
  await operatorLogsIn(request);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/');
  const dialog = await openChat(page);
  await send(page, 'Where is my order?');
  await expect(dialog.getByRole('log').getByText('Where is my order?')).toBeVisible();
  const session = await visitorSession(page);

  await dialog.getByRole('button', { name: 'Minimise' }).click();
  await expect(dialog).toBeHidden();
  await rpc(request, '/mail/chat_post', { uuid: session.uuid, message_content: 'It ships tomorrow' });
  await expect(page.getByRole('button', { name: `${BUTTON} 1 unread message` })).toBeVisible();

  await page.reload();
  const launcher = page.getByRole('button', { name: `${BUTTON} 1 unread message` });
  await expect(launcher, 'the reloaded page shows the button with the unread answer').toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: OPERATOR_NAME }), 'the window covers the page again').toHaveCount(0);

  await launcher.click();
  const again = page.getByRole('dialog', { name: OPERATOR_NAME });
  await expect(again.getByRole('log').getByText('It ships tomorrow')).toBeVisible();
  await expect(again.getByRole('log').getByText('Where is my order?')).toBeVisible();
  expect((await visitorSession(page)).uuid, 'the same conversation').toBe(session.uuid);

  // Back in sight, the next load opens the window as before.
  await page.reload();
  await expect(page.getByRole('dialog', { name: OPERATOR_NAME }).getByRole('log').getByText('It ships tomorrow')).toBeVisible({ timeout: 15_000 });
});
