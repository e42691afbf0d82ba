import { expect } from '@playwright/test';
import { test } from './support/test.js';
import { axeViolations } from './support/axe.js';
import { openChat, operatorLogsIn, rpc, send, visitorSession } from './widget-support.js';

// A supervisor of the channel, in the real console, sees the administrator's live chat on the
// Supervision screen, opens it without the visitor's widget saying "Seen", and takes it.

test('a supervisor watches the channel, reads a chat unseen and takes it', async ({ browser, request }) => {
  await operatorLogsIn(request);
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(request, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);
  const login = `sam${Date.now().toString(36)}`;
  const sam = await rpc<{ id: number }>(request, '/im_livechat/operator/admin/add_operator', { login, name: 'Sam Supervisor', password: 'sam password' });
  await rpc(request, '/im_livechat/operator/admin/set_channel_role', { channel_id: 1, operator_id: sam.id, role: 'supervisor' });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  const chat = await openChat(visitor);
  await send(visitor, 'Can someone senior help?');
  const { id } = await visitorSession(visitor);

  // axe is injected as an inline script, which the console's CSP would refuse.
  const context = await browser.newContext({ bypassCSP: true });
  const desk = await context.newPage();
  await desk.goto('/operator/');
  await desk.getByLabel('Login').fill(login);
  await desk.getByLabel('Password').fill('sam password');
  await desk.getByRole('button', { name: 'Log in' }).click();
  await desk.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Supervision' }).click();

  const live = desk.getByRole('table', { name: 'Live conversations' });
  const row = live.getByRole('row').filter({ has: desk.locator(`a[href="#/conversations/${id}"]`) });
  await expect(row.getByText('Administrator')).toBeVisible();
  await expect(desk.getByRole('table', { name: 'Operators' }).getByRole('row', { name: /Sam Supervisor/ })).toBeVisible();
  expect(await axeViolations(desk)).toEqual([]);

  await row.getByRole('link').click();
  await expect(desk.getByRole('list', { name: /^Messages with / }).getByText('Can someone senior help?')).toBeVisible();
  // The read marker would reach the widget within a poll; give it time, then check nothing came.
  await desk.waitForTimeout(3000);
  await expect(chat.getByText('Seen', { exact: true })).toHaveCount(0);

  await desk.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Supervision' }).click();
  await row.getByRole('button', { name: /^Take the conversation with / }).click();
  await expect(desk.getByText(/^The conversation with .* is now yours\.$/)).toBeVisible();
  await expect(row.getByText('Sam Supervisor')).toBeVisible();

  await rpc(request, '/im_livechat/operator/close_session', { session_id: id });
  await visitorContext.close();
  await context.close();
  await rpc(request, '/im_livechat/operator/admin/remove_operator', { operator_id: sam.id });
});
