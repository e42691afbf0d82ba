import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { BUTTON, consoleLoggedIn, openChat, operatorLogsIn, rpc, send } from './widget-support.js';

// The visitor uses the real widget on the demo page; two operators use the real console. A note written
// in the live conversation must never show on the visitor's page, before or after a reload, while the
// operators see it labelled "Note", and the colleague it mentions gets a notice.

const NOTE = 'Refund approved, tell them gently';

test('a note stays among operators: the visitor never sees it, the mentioned colleague is told', async ({ browser, request }) => {
  const desk = await consoleLoggedIn(browser);
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(request, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);
  // A colleague in the channel, who logs in once the visitor's chat is the administrator's.
  await operatorLogsIn(request);
  const login = `nina${Date.now().toString(36)}`;
  const nina = await rpc<{ id: number }>(request, '/im_livechat/operator/admin/add_operator', { login, name: 'Nina Notes', password: 'nina password', channel_ids: [1] });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  const chat = await openChat(visitor);
  await send(visitor, 'Where is my parcel?');

  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto('/operator/');
  await colleague.getByLabel('Login').fill(login);
  await colleague.getByLabel('Password').fill('nina password');
  await colleague.getByRole('button', { name: 'Log in' }).click();
  await expect(colleague.getByRole('heading', { name: 'Conversations' })).toBeVisible();

  await desk.getByRole('button', { name: /Where is my parcel\?/ }).first().click();
  const thread = desk.getByRole('list', { name: /^Messages with / });
  await expect(thread.getByText('Where is my parcel?')).toBeVisible();

  // Note mode: a differently named field, and `@` offers the channel's operators.
  await desk.getByRole('radiogroup', { name: 'Write as' }).getByRole('radio', { name: 'Note' }).check();
  const field = desk.getByRole('textbox', { name: /^Internal note on the conversation with / });
  await field.pressSequentially('@Nin');
  const options = desk.getByRole('listbox', { name: 'Operators to mention' });
  await expect(options.getByRole('option', { name: 'Nina Notes' })).toBeVisible();
  await field.press('Enter');
  await expect(field).toHaveValue('@Nina Notes ');
  await field.pressSequentially(NOTE);
  await field.press('Enter');
  const note = thread.getByRole('listitem').filter({ hasText: NOTE });
  await expect(note).toBeVisible();
  await expect(note.getByText('Note', { exact: true })).toBeVisible();

  // The colleague is told in the console.
  const notices = colleague.getByRole('status', { name: 'Notifications' });
  await expect(notices.getByText(/^Administrator mentioned you in a note on /)).toBeVisible();
  await expect(notices.getByText(`@Nina Notes ${NOTE}`)).toBeVisible();

  // A reply after the note reaches the visitor; the note does not, nor after a reload.
  await desk.getByRole('radio', { name: 'Reply' }).check();
  const composer = desk.getByRole('textbox', { name: /^Message to / });
  await composer.fill('We are on it!');
  await composer.press('Enter');
  await expect(chat.getByRole('log').getByText('We are on it!')).toBeVisible();
  await expect(chat.getByText(NOTE)).toHaveCount(0);
  await visitor.reload();
  const again = visitor.getByRole('dialog').or(visitor.getByRole('button', { name: BUTTON }));
  await expect(again.first()).toBeVisible({ timeout: 15_000 });
  const reopened = visitor.getByRole('dialog');
  if (!(await reopened.isVisible())) await visitor.getByRole('button', { name: BUTTON }).click();
  await expect(reopened.getByRole('log').getByText('We are on it!')).toBeVisible({ timeout: 15_000 });
  await expect(reopened.getByText(NOTE)).toHaveCount(0);
  await expect(visitor.getByText(NOTE)).toHaveCount(0);

  // The operator still sees it after reopening the conversation.
  await desk.reload();
  await desk.getByRole('button', { name: /We are on it!/ }).first().click();
  await expect(desk.getByRole('list', { name: /^Messages with / }).getByRole('listitem').filter({ hasText: NOTE })).toBeVisible();

  await desk.getByRole('button', { name: 'Close conversation' }).click();
  await visitorContext.close();
  await colleagueContext.close();
  await desk.context().close();
  // Nina would stay available on channel 1 for a while and take the next specs' visitors.
  await rpc(request, '/im_livechat/operator/admin/remove_operator', { operator_id: nina.id });
});
