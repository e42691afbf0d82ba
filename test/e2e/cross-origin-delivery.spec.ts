import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { openChat, operatorLogsIn, rpc, send, visitorSession } from './widget-support.js';

// A host page on another origin than the server: the operator's answer must arrive live through the
// long poll, which the browser only lets through with CORS.
test('a visitor on another origin receives the operator’s answer live', async ({ page, request }) => {
  await operatorLogsIn(request);
  const blocked: string[] = [];
  page.on('console', (m) => {
    if (/CORS|Access-Control/i.test(m.text())) blocked.push(m.text());
  });
  await page.goto('/cross-origin.html');
  const dialog = await openChat(page);
  await send(page, 'Is anyone there?');
  const session = await visitorSession(page);
  await rpc(request, '/mail/chat_post', { uuid: session.uuid, message_content: 'Yes, hello from the operator' });
  await expect(dialog.getByRole('log').getByText('Yes, hello from the operator')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByText('Reconnecting...')).toHaveCount(0);
  expect(blocked).toEqual([]);
});
