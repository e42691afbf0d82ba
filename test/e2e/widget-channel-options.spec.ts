import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { BUTTON, openChat, operatorLogsIn, rpc } from './widget-support.js';

// The admin edits channel 1 through the console's route; the built widget on a fresh page shows it.
// Channel 1 is shared by every spec, so the settings are put back afterwards.

test.afterEach(async ({ request }) => {
  await operatorLogsIn(request);
  await rpc(request, '/im_livechat/operator/admin/update_channel', {
    channel_id: 1,
    values: { button_text: BUTTON, default_message: 'How may I help you?', button_background_color: '' },
  });
});

test('an admin changes the button text and welcome message: a fresh page shows them; an attribute still wins', async ({ page, request }) => {
  await operatorLogsIn(request);
  await rpc(request, '/im_livechat/operator/admin/update_channel', {
    channel_id: 1,
    values: { button_text: 'Questions? Ask us', default_message: 'Hello from the channel', button_background_color: '#123456' },
  });

  await page.goto('/');
  const button = page.getByRole('button', { name: 'Questions? Ask us' });
  await expect(button).toBeVisible();
  await expect(button).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Administrator' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText('Hello from the channel')).toBeVisible();

  // A host page whose element sets button-text keeps its own text (served on the server's origin).
  const context = await page.context().browser()!.newContext();
  const other = await context.newPage();
  await other.route('**/attribute-wins.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>Attribute wins</title><script type="module" src="/live-chat.js"></script></head><body><main><h1>Attribute wins</h1></main><live-chat channel-id="1" button-text="Page text"></live-chat></body></html>',
    }),
  );
  await other.goto(new URL('/attribute-wins.html', page.url()).href);
  await expect(other.getByRole('button', { name: 'Page text' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Page text' })).toHaveCSS('background-color', 'rgb(18, 52, 86)');
  await expect(other.getByRole('button', { name: 'Questions? Ask us' })).toHaveCount(0);
  await context.close();
});

test('with the channel back to its defaults, the default button text shows', async ({ page, request }) => {
  await operatorLogsIn(request);
  await page.goto('/');
  await openChat(page);
});
