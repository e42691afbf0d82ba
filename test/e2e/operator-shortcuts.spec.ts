import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { consoleLoggedIn, openChat, rpc, send } from './widget-support.js';

// Two visitors chat through the real widget; the operator, in the real console, works from the keyboard
// only: `?` lists the shortcuts, Alt+J and Alt+K move between the conversations, Alt+P switches to a
// note and back, and `r` reaches the composer, whose reply the visitor receives.

test('the operator moves between two conversations, writes a note and answers with the keyboard', async ({ browser, request }) => {
  const desk = await consoleLoggedIn(browser);
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(request, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);

  const stamp = Date.now().toString(36);
  const chats = [];
  for (const text of [`First visitor ${stamp}`, `Second visitor ${stamp}`]) {
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/');
    const chat = await openChat(visitor);
    await send(visitor, text);
    await expect(desk.getByRole('button', { name: new RegExp(text) })).toBeVisible();
    chats.push(chat);
  }

  // `?` lists the shortcuts; Escape closes the list.
  await desk.locator('body').press('?');
  const list = desk.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(list.getByRole('row', { name: /Next conversation/ })).toBeVisible();
  await desk.keyboard.press('Escape');
  await expect(list).toBeHidden();

  // Alt+K and Alt+J move through the list from the second visitor's conversation, and back to it.
  await desk.getByRole('button', { name: new RegExp(`Second visitor ${stamp}`) }).click();
  const thread = desk.getByRole('list', { name: /^Messages with / });
  await expect(thread.getByText(`Second visitor ${stamp}`)).toBeVisible();
  const heading = desk.locator('#op-pane-heading');
  const second = (await heading.textContent()) ?? '';
  await desk.keyboard.press('Alt+k');
  await expect(heading).not.toHaveText(second);
  await desk.keyboard.press('Alt+j');
  await expect(heading).toHaveText(second);
  await expect(thread.getByText(`Second visitor ${stamp}`)).toBeVisible();

  // `r` reaches the composer; Alt+P makes it a note, which the visitor never sees, and back to Reply.
  await desk.keyboard.press('r');
  await expect(desk.getByRole('textbox', { name: /^Message to / })).toBeFocused();
  await desk.keyboard.press('Alt+p');
  await expect(desk.getByRole('textbox', { name: /^Internal note on the conversation with / })).toBeFocused();
  await desk.keyboard.type(`Keys only ${stamp}`);
  await desk.keyboard.press('Enter');
  await expect(thread.getByText(`Keys only ${stamp}`)).toBeVisible();
  await desk.keyboard.press('Alt+p');
  await expect(desk.getByRole('textbox', { name: /^Message to / })).toBeFocused();
  await desk.keyboard.type('Answered from the keyboard');
  await desk.keyboard.press('Enter');

  // The second visitor receives the reply and never the note; the first receives nothing.
  await expect(chats[1]!.getByRole('log').getByText('Answered from the keyboard')).toBeVisible();
  await expect(chats[0]!.getByRole('log').getByText('Answered from the keyboard')).toHaveCount(0);
  for (const chat of chats) await expect(chat.getByText(`Keys only ${stamp}`)).toHaveCount(0);

  // Alt+K works from the composer too: the previous conversation opens and the focus stays in the composer.
  await expect(desk.getByRole('textbox', { name: /^Message to / })).toBeFocused();
  await desk.keyboard.press('Alt+k');
  await expect(heading).not.toHaveText(second);
  await expect(desk.getByRole('textbox', { name: /^Message to / })).toBeFocused();
  // Closed, they leave the desk's list to the specs that follow.
  await desk.getByRole('button', { name: 'Close conversation' }).click();
  await desk.getByRole('button', { name: /Answered from the keyboard/ }).first().click();
  await expect(heading).toHaveText(second);
  await desk.getByRole('button', { name: 'Close conversation' }).click();
});
