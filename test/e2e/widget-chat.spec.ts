import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { readMail, receivedIds } from './support/mailbox.js';
import { BUTTON, OPERATOR_NAME, openChat, operatorLogsIn, rpc, send, untilStored, visitorSession } from './widget-support.js';

// The built widget on the demo page against the real server; the operator answers through the server's
// HTTP API with its session cookie (the `request` fixture keeps cookies).

test('a visitor and an operator exchange messages, with typing both ways and unread counts', async ({ page, request }) => {
  await operatorLogsIn(request);
  await page.goto('/');
  const dialog = await openChat(page);
  await expect(dialog.getByText('How may I help you?')).toBeVisible();

  await send(page, 'Hello, I need help');
  await expect(dialog.getByRole('log').getByText('Hello, I need help')).toBeVisible();
  const session = await visitorSession(page);

  // Visitor typing reaches the operator's channel of the session.
  await page.getByRole('textbox', { name: 'Ask something ...' }).fill('I am still typ');
  await expect
    .poll(async () => {
      const notes = await rpc<{ message: { info?: string; is_typing?: boolean } }[]>(request, '/longpolling/poll', { channels: [`livechat.session.${session.id}`], last: 0, options: { peek: true } });
      return (Array.isArray(notes) ? notes : []).some((n) => n.message.info === 'typing_status' && n.message.is_typing === true);
    }, { timeout: 15_000 })
    .toBe(true);

  // Operator typing shows in the header, until their message arrives.
  await rpc(request, '/im_livechat/notify_typing', { uuid: session.uuid, is_typing: true });
  await expect(dialog.getByText(`${OPERATOR_NAME} is typing...`)).toBeVisible();
  await rpc(request, '/mail/chat_post', { uuid: session.uuid, message_content: 'Hi! How can I help?' });
  await expect(dialog.getByRole('log').getByText('Hi! How can I help?')).toBeVisible();
  await expect(dialog.getByText(`${OPERATOR_NAME} is typing...`)).toBeHidden();

  // Folded, an operator message counts as unread; unfolding at the bottom clears it.
  await dialog.getByRole('button', { name: 'Minimize' }).click();
  await rpc(request, '/mail/chat_post', { uuid: session.uuid, message_content: 'Are you there?' });
  await expect(dialog.getByRole('img', { name: '1 unread message' })).toBeVisible();
  // Without notification permission the page shows an in-page notice (and beeps).
  await expect(page.getByRole('status').filter({ hasText: `New message from ${OPERATOR_NAME}` })).toContainText('Are you there?');
  expect(await page.evaluate(() => (document.querySelector('live-chat') as unknown as { unreadCount: number } | null)?.unreadCount)).toBe(1);
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByRole('log').getByText('Are you there?')).toBeVisible();
  await expect.poll(() => page.evaluate(() => (document.querySelector('live-chat') as unknown as { unreadCount: number } | null)?.unreadCount)).toBe(0);
});

test('a post whose answer is lost is sent again and stored once', async ({ page, request }) => {
  await operatorLogsIn(request);
  await page.goto('/');
  const dialog = await openChat(page);
  // The first post reaches the real server, then the browser loses its answer (a dropped connection).
  let lost = 0;
  await page.route('**/mail/chat_post', async (route) => {
    if (lost > 0) return route.continue();
    lost += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await send(page, 'Did you get this?');
  await expect(dialog.getByRole('log').getByText('Did you get this?')).toBeVisible();
  const session = await visitorSession(page);
  await expect
    .poll(async () => (await rpc<{ messages: { body: string }[] }>(request, '/im_livechat/operator/conversation', { session_id: session.id })).messages.filter((m) => m.body.includes('Did you get this?')).length)
    .toBe(1);
  expect(lost).toBe(1);
  await expect(dialog.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('dialog', { name: OPERATOR_NAME }).getByRole('log').getByText('Did you get this?')).toHaveCount(1);
});

test('the fold state survives a reload, and the conversation reopens with its history', async ({ page, request }) => {
  await operatorLogsIn(request);
  await page.goto('/');
  const dialog = await openChat(page);
  await send(page, 'Remember me');
  await expect(dialog.getByRole('log').getByText('Remember me')).toBeVisible();
  await dialog.getByRole('button', { name: 'Minimize' }).click();
  expect((await visitorSession(page)).folded).toBe(true);

  await page.reload();
  const again = page.getByRole('dialog', { name: OPERATOR_NAME });
  await expect(again.getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(again.getByRole('log')).toBeHidden();
  await again.getByRole('button', { name: 'Restore' }).click();
  await expect(again.getByRole('log').getByText('Remember me')).toBeVisible();
  expect((await visitorSession(page)).folded).toBe(false);
});

test('closing asks for feedback; a sad rating with a reason is stored and posted, then the chat closes', async ({ page, request }) => {
  await operatorLogsIn(request);
  await page.goto('/');
  const dialog = await openChat(page);
  await send(page, 'Thanks for nothing');
  await expect(dialog.getByRole('log').getByText('Thanks for nothing')).toBeVisible();
  const session = await visitorSession(page);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Ask something ...' })).toBeHidden();
  await dialog.getByRole('button', { name: 'Sad' }).click();
  await dialog.getByRole('textbox', { name: 'Explain your note' }).fill('Too slow');
  await dialog.getByRole('button', { name: 'Send' }).first().click();
  await expect(dialog.getByText('Thank you for your feedback')).toBeVisible();

  await expect
    .poll(async () => (await rpc<{ rating: { rate: number; reason: string } | null }>(request, '/im_livechat/operator/conversation', { session_id: session.id })).rating)
    .toEqual({ rate: 1, reason: 'Too slow' });
  // The widget posts the rating message after the feedback call answers, so it may land a moment later.
  await expect
    .poll(async () => (await rpc<{ messages: { body: string }[] }>(request, '/im_livechat/operator/conversation', { session_id: session.id })).messages.map((m) => m.body).join('\n'))
    .toContain('Rating: 😞');
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'im_livechat_session')).toBe(false);

  // After the thanks the chat closes by itself, as the Close control would; focus returns to the button.
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 5_000 });
  await expect(page.getByRole('button', { name: BUTTON })).toBeFocused();
});

test('after the operator closed the conversation the visitor still rates it: thanks, no "Session expired"', async ({ page, request }) => {
  await operatorLogsIn(request);
  await page.goto('/');
  const dialog = await openChat(page);
  await send(page, 'One question');
  await expect(dialog.getByRole('log').getByText('One question')).toBeVisible();
  const session = await visitorSession(page);
  await untilStored(request, session.id, 'One question');
  // The operator answers, so the visitor's bus is known to be listening before the close goes out.
  await rpc(request, '/mail/chat_post', { uuid: session.uuid, message_content: 'Anything else?' });
  await expect(dialog.getByRole('log').getByText('Anything else?')).toBeVisible();

  await rpc(request, '/im_livechat/operator/close_session', { session_id: session.id });
  await expect(dialog.getByRole('textbox', { name: 'Ask something ...' })).toBeHidden();
  await dialog.getByRole('button', { name: 'Happy' }).click();
  await expect(dialog.getByText('Thank you for your feedback')).toBeVisible();

  // The feedback route takes ratings of closed sessions; the rating message after it is refused.
  await expect
    .poll(async () => (await rpc<{ rating: { rate: number } | null }>(request, '/im_livechat/operator/conversation', { session_id: session.id })).rating?.rate)
    .toBe(5);
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'im_livechat_session')).toBe(false);
  await expect(page.getByText('Session expired... Please refresh and try again.')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 5_000 });
  await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();
});

test('"No feedback" closes the chat at once', async ({ page, request }) => {
  await operatorLogsIn(request);
  await page.goto('/');
  const dialog = await openChat(page);
  await send(page, 'Bye');
  await expect(dialog.getByRole('log').getByText('Bye')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.getByRole('button', { name: 'No feedback' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();
});

test('keyboard only: reach the button, open, send, fold with Escape', async ({ page, request }) => {
  await operatorLogsIn(request);
  await page.goto('/');
  await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.getByRole('button', { name: BUTTON }).evaluate((b) => b.matches(':focus'))) break;
  }
  await expect(page.getByRole('button', { name: BUTTON })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: OPERATOR_NAME });
  await expect(dialog.getByRole('textbox', { name: 'Ask something ...' })).toBeFocused();
  await page.keyboard.type('Typed with the keyboard');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('log').getByText('Typed with the keyboard')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog.getByRole('button', { name: 'Restore' })).toBeVisible();
});

test('the transcript form checks the address and the conversation arrives at a real SMTP server', async ({ page, request }) => {
  // playwright.config.ts starts the server with SMTP_URL pointing at the SMTP server of the global setup
  // (test/e2e/support/smtp-server.ts); the test reads the mail that server received.
  const before = new Set(receivedIds());
  await operatorLogsIn(request);
  await page.goto('/');
  const dialog = await openChat(page);
  await send(page, 'Please mail me this');
  await expect(dialog.getByRole('log').getByText('Please mail me this')).toBeVisible();
  // A transcript is mailed once an operator has answered (otherwise it would only relay the visitor's text).
  await rpc(request, '/mail/chat_post', { session_id: (await visitorSession(page)).id, message_content: 'Here is your copy' });
  await expect(dialog.getByRole('log').getByText('Here is your copy')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const email = dialog.getByRole('textbox', { name: 'Email' });
  const form = dialog.getByRole('form', { name: 'Receive a copy of this conversation' });
  await email.fill('not an address');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAttribute('title', 'Invalid email address');

  await email.fill('visitor@example.org');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Conversation Sent')).toBeVisible();
  await expect.poll(() => receivedIds().filter((id) => !before.has(id)).length).toBe(1);
  const mail = readMail(receivedIds().find((id) => !before.has(id)) as string);
  expect(mail.envelope.to).toEqual(['visitor@example.org']);
  expect(mail.headers.to).toBe('visitor@example.org');
  expect(mail.subject).toBe(`Conversation with ${OPERATOR_NAME}`);
  expect(mail.text).toContain('Please mail me this');
  expect(mail.text).toContain('Here is your copy');
});
