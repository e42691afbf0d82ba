import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { consoleLoggedIn, openChat, operatorLogsIn, rpc, send } from './widget-support.js';

// The visitor uses the real widget on the demo page; two operators use the real console. The first
// passes the live chat to the second with a note: the visitor sees who joined and who left and the
// header's new name at once, never the note; the receiver is told, note first; the first one is told where it went.
// Each console's pane names who holds the chat.

const NOTE = 'Asked about a refund twice';

test('a transfer is seen live by the visitor, and the receiver reads the note first', async ({ browser, request }) => {
  const desk = await consoleLoggedIn(browser);
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(request, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);
  await operatorLogsIn(request);
  const login = `tara${Date.now().toString(36)}`;
  const tara = await rpc<{ id: number }>(request, '/im_livechat/operator/admin/add_operator', { login, name: 'Tara Transfer', password: 'tara password', channel_ids: [1] });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await openChat(visitor);
  await send(visitor, 'Can someone from billing help?');

  // The colleague logs in once the chat is the administrator's, so the availability rule did not pick her.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto('/operator/');
  await colleague.getByLabel('Login').fill(login);
  await colleague.getByLabel('Password').fill('tara password');
  await colleague.getByRole('button', { name: 'Log in' }).click();
  await expect(colleague.getByRole('heading', { name: 'Conversations' })).toBeVisible();

  await desk.getByRole('button', { name: /Can someone from billing help\?/ }).first().click();
  await expect(desk.getByRole('list', { name: /^Messages with / }).getByText('Can someone from billing help?')).toBeVisible();
  await expect(desk.getByRole('region', { name: 'In this conversation' }).getByRole('listitem')).toHaveText(['Administrator · holds the conversation']);
  await desk.getByRole('group', { name: 'Operators of the conversation' }).getByRole('button', { name: 'Transfer' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Transfer the conversation' });
  await dialog.getByRole('radio', { name: /^Tara Transfer · Online · 0 active conversations/ }).check();
  await dialog.getByRole('textbox', { name: /Note for the receiver/ }).fill(NOTE);
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(desk.getByRole('status', { name: 'Notifications' }).getByText('Transferred to Tara Transfer')).toBeVisible();

  // The visitor, live: the lines in the thread and the header's new operator; never the note.
  // The window is named by its operator: it is renamed as it changes hands.
  const log = visitor.getByRole('dialog').getByRole('log');
  await expect(log.getByText('Tara Transfer joined the conversation')).toBeVisible();
  await expect(log.getByText('Administrator left the conversation')).toBeVisible();
  await expect(visitor.getByRole('dialog', { name: 'Tara Transfer' })).toBeVisible();
  await expect(visitor.getByText(NOTE)).toHaveCount(0);

  // The receiver: the notice with the note, the conversation in her list; she answers and closes it.
  const notices = colleague.getByRole('status', { name: 'Notifications' });
  await expect(notices.getByText(/^Administrator passed you a conversation with /)).toBeVisible();
  await expect(notices.getByText(NOTE)).toBeVisible();
  await colleague.getByRole('button', { name: /Tara Transfer joined the conversation|Administrator left the conversation|Can someone from billing help\?/ }).first().click();
  await expect(colleague.getByRole('region', { name: 'In this conversation' }).getByRole('listitem')).toHaveText(['Tara Transfer · holds the conversation']);
  const composer = colleague.getByRole('textbox', { name: /^Message to / });
  await composer.fill('Billing here, happy to help.');
  await composer.press('Enter');
  await expect(log.getByText('Billing here, happy to help.')).toBeVisible();
  await colleague.getByRole('button', { name: 'Close conversation' }).click();

  await visitorContext.close();
  await colleagueContext.close();
  await desk.context().close();
  // Left online in channel 1, the colleague would take the next specs' visitors (she has the fewest chats).
  await rpc(request, '/im_livechat/operator/admin/remove_operator', { operator_id: tara.id });
});
