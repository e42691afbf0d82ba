import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { BUTTON, OPERATOR_NAME, openChat, operatorLogsIn, rpc, send, untilStored, visitorSession } from './widget-support.js';

// A conversation the operator closed must never come back as live after a reload, and a message typed
// into a conversation that turned out to be gone is kept for a new one. The built widget on the demo
// page against the real server; the operator acts through the console's HTTP API.

const COMPOSER = 'Ask something ...';

/** The visitor writes; unless told otherwise the operator answers and the answer arrives: there is something to rate. */
async function chatting(page: Page, request: APIRequestContext, { answered = true } = {}) {
  await operatorLogsIn(request);
  await page.goto('/');
  const dialog = await openChat(page);
  await send(page, 'My parcel is late');
  await expect(dialog.getByRole('log').getByText('My parcel is late')).toBeVisible();
  const session = await visitorSession(page);
  await untilStored(request, session.id, 'My parcel is late');
  if (!answered) return { dialog, session };
  await rpc(request, '/mail/chat_post', { uuid: session.uuid, message_content: 'Let me check' });
  await expect(dialog.getByRole('log').getByText('Let me check')).toBeVisible();
  return { dialog, session };
}

test('a conversation closed while the visitor was away comes back ended after a reload: no composer, feedback offered', async ({ page, request }) => {
  const { session } = await chatting(page, request);
  await page.goto('about:blank');
  await rpc(request, '/im_livechat/operator/close_session', { session_id: session.id });

  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: OPERATOR_NAME });
  await expect(dialog.getByRole('button', { name: 'Happy' })).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('status')).toHaveText('Conversation ended');
  await expect(dialog.getByRole('textbox', { name: COMPOSER })).toHaveCount(0);
  await expect(page.getByText('Session expired... Please refresh and try again.')).toHaveCount(0);

  // The ended conversation is still rated like one the visitor closed.
  await dialog.getByRole('button', { name: 'Happy' }).click();
  await expect(dialog.getByText('Thank you for your feedback')).toBeVisible();
  await expect
    .poll(async () => (await rpc<{ rating: { rate: number } | null }>(request, '/im_livechat/operator/conversation', { session_id: session.id })).rating?.rate)
    .toBe(5);
});

test('a reload after the operator closed the chat in front of the visitor shows it ended again', async ({ page, request }) => {
  const { dialog, session } = await chatting(page, request);
  await rpc(request, '/im_livechat/operator/close_session', { session_id: session.id });
  await expect(dialog.getByRole('button', { name: 'Happy' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('Conversation ended');

  await page.reload();
  const reloaded = page.getByRole('dialog', { name: OPERATOR_NAME });
  await expect(reloaded.getByRole('button', { name: 'Happy' })).toBeVisible({ timeout: 15_000 });
  await expect(reloaded.getByRole('status')).toHaveText('Conversation ended');
  await expect(reloaded.getByRole('textbox', { name: COMPOSER })).toHaveCount(0);
});

test('a message typed into a conversation that is gone is kept, and sent in a new conversation', async ({ page, request }) => {
  // The visitor's long poll never gets through (a network that drops it): the widget does not hear of the close.
  await page.route('**/longpolling/poll', () => undefined);
  const { dialog, session } = await chatting(page, request, { answered: false });
  await rpc(request, '/im_livechat/operator/close_session', { session_id: session.id });

  await send(page, 'Are you still there?');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Session expired... Please refresh and try again.');
  await expect(alert).toContainText('Your message “Are you still there?” was kept: open the chat to send it in a new conversation.');
  await expect(dialog).toBeHidden();
  await page.unroute('**/longpolling/poll');

  const next = await openChat(page);
  await expect(next.getByRole('textbox', { name: COMPOSER })).toHaveValue('Are you still there?');
  // The notice said "Please refresh": a visitor who does finds the text still waiting.
  await page.reload();
  const reloaded = page.getByRole('dialog', { name: OPERATOR_NAME });
  const box = reloaded.getByRole('textbox', { name: COMPOSER });
  await expect(box).toHaveValue('Are you still there?', { timeout: 15_000 });
  await expect(box).toBeEnabled();
  await box.press('Enter');
  await expect(reloaded.getByRole('log').getByText('Are you still there?')).toBeVisible();
  const fresh = await visitorSession(page);
  expect(fresh.id).not.toBe(session.id);
  await untilStored(request, fresh.id, 'Are you still there?');
  await expect(page.getByRole('button', { name: BUTTON })).toBeHidden();
});
