import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { OPERATOR_NAME, PIXEL_PNG, consoleLoggedIn, openChat, rpc, send } from './widget-support.js';

// Two browser contexts: the visitor uses the real <live-chat> widget on the demo pages, the operator the
// real console; both against the built server. Nothing is driven over raw HTTP except the checks that
// the operator is online.



/** Today's conversations and the sad ratings as the statistics view shows them. */
async function readStatistics(page: Page): Promise<{ today: number; sad: number }> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Statistics' }).click();
  const perDay = page.getByRole('table', { name: 'Conversations per day (last 7 days)' });
  await expect(perDay).toBeVisible();
  const today = Number(await perDay.getByRole('row').last().getByRole('cell').textContent());
  const sad = Number(await page.getByRole('table', { name: 'Ratings (last 7 days)' }).getByRole('row', { name: /sad/ }).getByRole('cell').textContent());
  return { today, sad };
}

test('visitor widget and operator console: conversation, typing both ways, pages, attachment, closing with feedback, statistics', async ({ browser, request }) => {
  const desk = await consoleLoggedIn(browser);
  const deskErrors: string[] = [];
  desk.on('pageerror', (e) => deskErrors.push(e.message));
  const before = await readStatistics(desk);
  await desk.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Desk' }).click();
  // The console's poll makes the operator available to the widget.
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(request, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/?from=ad');
  let chat = await openChat(visitor);
  await send(visitor, 'Hello from the real widget');
  await expect(chat.getByRole('log').getByText('Hello from the real widget')).toBeVisible();

  // The new conversation arrives live in the console, with its unread message.
  const item = desk.getByRole('button', { name: /1 unread message.*Hello from the real widget/ });
  await expect(item).toBeVisible();
  await item.click();
  const thread = desk.getByRole('list', { name: /^Messages with / });
  await expect(thread.getByText('Hello from the real widget')).toBeVisible();

  // Typing both ways.
  await visitor.getByRole('textbox', { name: 'Ask something ...' }).fill('I am looking for');
  await expect(desk.getByText(/is typing\.\.\.$/)).toBeVisible();
  const composer = desk.getByRole('textbox', { name: /^Message to / });
  await composer.fill('Let me check');
  await expect(chat.getByText(`${OPERATOR_NAME} is typing...`)).toBeVisible();
  await composer.fill('Hello! How can I help?');
  await composer.press('Enter');
  await expect(chat.getByRole('log').getByText('Hello! How can I help?')).toBeVisible();
  await expect(chat.getByText(`${OPERATOR_NAME} is typing...`)).toBeHidden();

  // The visitor moves to another page; the widget resumes the conversation there.
  await visitor.goto('/csp.html');
  chat = visitor.getByRole('dialog', { name: OPERATOR_NAME });
  await expect(chat.getByRole('log').getByText('Hello! How can I help?')).toBeVisible();

  // Page history: the console asks, the widget answers from its cookie.
  await desk.getByRole('button', { name: 'Request visited pages' }).click();
  const pages = desk.getByRole('heading', { name: 'Visited pages' }).locator('xpath=following-sibling::ol[1]');
  await expect(pages.getByRole('listitem')).toHaveText(['/?from=ad', '/csp.html']);

  // An attachment from the console reaches the visitor's thread, and the console previews it.
  const chooser = desk.waitForEvent('filechooser');
  await desk.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(chat.getByRole('log').getByRole('img', { name: 'pixel.png' })).toBeVisible();
  await expect(thread.getByRole('img', { name: 'pixel.png' })).toBeVisible();
  await expect(thread.getByRole('link', { name: 'pixel.png' })).toBeVisible();

  // The operator closes; the visitor is asked for feedback and rates; the console shows it live.
  await desk.getByRole('button', { name: 'Close conversation' }).click();
  await expect(desk.getByText('This conversation is closed')).toBeVisible();
  await chat.getByRole('button', { name: 'Sad' }).click();
  await chat.getByRole('textbox', { name: 'Explain your note' }).fill('Too slow');
  await chat.getByRole('button', { name: 'Send' }).first().click();
  await expect(chat.getByText('Thank you for your feedback')).toBeVisible();
  await expect(desk.getByText('Rating: 😞 sad')).toBeVisible();
  await expect(desk.getByText('Reason: Too slow')).toBeVisible();

  // Statistics: one more conversation today, one more sad rating.
  const after = await readStatistics(desk);
  expect(after).toEqual({ today: before.today + 1, sad: before.sad + 1 });
  expect(deskErrors).toEqual([]);
  await visitorContext.close();
  await desk.context().close();
});

test('an admin adds an operator who logs in to the console, then removes it', async ({ browser }) => {
  const desk = await consoleLoggedIn(browser);
  await desk.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Administration' }).click();
  const login = `op${Date.now().toString(36)}`;
  const form = desk.getByRole('form', { name: 'Add an operator' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Olga');
  await form.getByRole('textbox', { name: 'Login' }).fill(login);
  await form.getByLabel('Password').fill('olga password');
  await form.getByRole('button', { name: 'Add operator' }).click();
  await expect(desk.getByRole('status').filter({ hasText: 'Olga was added' })).toBeVisible();

  const other = await browser.newContext();
  const olga = await other.newPage();
  await olga.goto('/operator/');
  await olga.getByLabel('Login').fill(login);
  await olga.getByLabel('Password').fill('olga password');
  await olga.getByRole('button', { name: 'Log in' }).click();
  await expect(olga.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  await expect(olga.getByRole('button', { name: 'Administration' }), 'not an admin').toHaveCount(0);

  await desk.getByRole('button', { name: 'Remove Olga' }).click();
  await desk.getByRole('button', { name: 'Confirm removal of Olga' }).click();
  await expect(desk.getByRole('rowheader', { name: 'Olga' })).toHaveCount(0);
  await olga.reload();
  await expect(olga.getByRole('button', { name: 'Log in' }), 'logged out everywhere').toBeVisible();
  await other.close();
  await desk.context().close();
});

test('two console tabs share one poll and both show a new message', async ({ browser, playwright, baseURL }) => {
  const first = await consoleLoggedIn(browser);
  const second = await first.context().newPage();
  const pollsBy = new Map<Page, number>();
  for (const page of [first, second]) {
    pollsBy.set(page, 0);
    page.on('request', (r) => {
      if (r.url().endsWith('/longpolling/poll')) pollsBy.set(page, (pollsBy.get(page) ?? 0) + 1);
    });
  }
  await second.goto('/operator/');
  await expect(second.getByRole('heading', { name: 'Conversations' }), 'the session cookie is shared').toBeVisible();
  const visitor = await playwright.request.newContext({ baseURL });
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(visitor, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);
  const session = await rpc<{ uuid: string }>(visitor, '/im_livechat/get_session', { channel_id: 1, anonymous_name: 'Two tabs visitor', previous_operator_id: null });
  await rpc(visitor, '/mail/chat_post', { uuid: session.uuid, message_content: 'Seen in both tabs?' });
  for (const page of [first, second]) await expect(page.getByRole('button', { name: /Two tabs visitor.*Seen in both tabs\?/ })).toBeVisible();
  const polling = [...pollsBy].filter(([, n]) => n > 0);
  expect(polling.length, `polls per tab: ${[...pollsBy.values()].join(', ')}`).toBe(1);
  await visitor.dispose();
  await first.context().close();
});
