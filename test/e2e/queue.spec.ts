import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { GET_SESSION_ROUTE } from '../../src/protocol/routes.js';
import { BUTTON, operatorLogsIn, rpc, send, visitorSession } from './widget-support.js';

// Issue 26 against the built server: a channel whose one operator holds two chats at once; three visitors
// open the chat, the third waits as number 1 in line and gets the operator when a chat is resolved.

/** A new livechat channel, made as an admin would with `live-chat-server admin create-channel`. */
function createChannel(name: string): number {
  const out = execFileSync(process.execPath, ['packages/server/dist/server/cli.js', 'admin', 'create-channel', name], { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR }, encoding: 'utf8' });
  const id = Number(/\(id (\d+)\)/.exec(out)?.[1]);
  expect(id, out).toBeGreaterThan(1);
  return id;
}

/** Gives the channel a capacity of two; any other member (the seeded admin) holds none there. */
function capacityOfTwo(channelId: number, operatorId: number): void {
  const statements = [`update livechat_channel set capacity = 2 where id = ${channelId}`, `update channel_operator set capacity = 0 where channel_id = ${channelId} and operator_id <> ${operatorId}`];
  const script = `const D = require('better-sqlite3'); const db = new D(process.argv[1]); for (const s of JSON.parse(process.argv[2])) db.exec(s); db.close();`;
  execFileSync(process.execPath, ['-e', script, path.join(process.env.E2E_DATA_DIR!, 'livechat.sqlite'), JSON.stringify(statements)]);
}

async function hostPage(browser: Browser, channelId: number): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const address = `/queue-host-${channelId}.html`;
  await page.route(`**${address}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Shop</title><script type="module" src="/live-chat.js"></script></head><body><main><h1>Shop</h1></main><live-chat channel-id="${channelId}"></live-chat></body></html>`,
    }),
  );
  await page.goto(address);
  await page.getByRole('button', { name: BUTTON }).click();
  return page;
}

test('three visitors, one operator of capacity two: the third waits as number 1 in line and gets the operator when a chat is resolved', async ({ browser, request }) => {
  await operatorLogsIn(request);
  const channelName = `Queue ${Date.now().toString(36)}`;
  const channel = createChannel(channelName);
  const login = `quinn-${Date.now().toString(36)}`;
  const quinnAccount = await rpc<{ id: number }>(request, '/im_livechat/operator/admin/add_operator', { login, name: 'Quinn', password: 'quinn password', channel_ids: [channel] });
  capacityOfTwo(channel, quinnAccount.id);

  const quinn = await (await browser.newContext()).newPage();
  const errors: string[] = [];
  quinn.on('pageerror', (e) => errors.push(e.message));
  await quinn.goto('/operator/');
  await quinn.getByLabel('Login').fill(login);
  await quinn.getByLabel('Password').fill('quinn password');
  await quinn.getByRole('button', { name: 'Log in' }).click();
  await expect(quinn.getByRole('heading', { name: 'Conversations' })).toBeVisible();

  const first = await hostPage(browser, channel);
  await expect(first.getByRole('dialog', { name: 'Quinn' })).toBeVisible({ timeout: 15_000 });
  await send(first, 'First visitor here');
  const second = await hostPage(browser, channel);
  await expect(second.getByRole('dialog', { name: 'Quinn' })).toBeVisible({ timeout: 15_000 });
  const third = await hostPage(browser, channel);
  const waiting = third.getByRole('dialog', { name: channelName });
  await expect(waiting).toBeVisible({ timeout: 15_000 });
  await expect(waiting.getByRole('status').filter({ hasText: 'in line' })).toHaveText('You are number 1 in line.');
  await send(third, 'Still there?');

  await expect(quinn.getByRole('heading', { name: 'Queue: 1 waiting' })).toBeVisible();
  await quinn.getByRole('button', { name: /First visitor here/ }).click();
  await quinn.getByRole('combobox', { name: 'Status' }).selectOption('resolved');

  await expect(third.getByRole('dialog', { name: 'Quinn' })).toBeVisible({ timeout: 15_000 });
  await expect(third.getByRole('status').filter({ hasText: 'in line' })).toHaveCount(0);
  await expect(quinn.getByRole('heading', { name: 'Queue: 1 waiting' })).toHaveCount(0);
  // The list shows the conversation's latest line, the one saying Quinn joined; its log holds what the visitor wrote while waiting.
  await quinn.getByRole('button', { name: /Quinn joined the conversation|Still there\?/ }).first().click();
  await expect(quinn.getByRole('list', { name: /^Messages/ }).getByText('Still there?'), 'what the visitor wrote while waiting reaches the operator').toBeVisible();
  expect(errors).toEqual([]);

  for (const page of [second, third]) await rpc(request, '/im_livechat/operator/close_session', { session_id: (await visitorSession(page)).id });
  for (const page of [quinn, first, second, third]) await page.context().close();
});

test('a waiting visitor who wrote leaves the queue: no rating asked (nobody answered), the window closes, the one behind moves up, the console’s queue follows', async ({ browser, request }) => {
  await operatorLogsIn(request);
  const channelName = `Leave ${Date.now().toString(36)}`;
  const channel = createChannel(channelName);
  const login = `rhea-${Date.now().toString(36)}`;
  const account = await rpc<{ id: number }>(request, '/im_livechat/operator/admin/add_operator', { login, name: 'Rhea', password: 'rhea password', channel_ids: [channel] });
  capacityOfTwo(channel, account.id);

  const rhea = await (await browser.newContext()).newPage();
  await rhea.goto('/operator/');
  await rhea.getByLabel('Login').fill(login);
  await rhea.getByLabel('Password').fill('rhea password');
  await rhea.getByRole('button', { name: 'Log in' }).click();
  await expect(rhea.getByRole('heading', { name: 'Conversations' })).toBeVisible();

  const served: Page[] = [];
  for (let i = 0; i < 2; i += 1) {
    const page = await hostPage(browser, channel);
    await expect(page.getByRole('dialog', { name: 'Rhea' })).toBeVisible({ timeout: 15_000 });
    served.push(page);
  }
  const leaving = await hostPage(browser, channel);
  await expect(leaving.getByRole('dialog', { name: channelName }).getByRole('status').filter({ hasText: 'in line' })).toHaveText('You are number 1 in line.', { timeout: 15_000 });
  const behind = await hostPage(browser, channel);
  const behindLine = behind.getByRole('dialog', { name: channelName }).getByRole('status').filter({ hasText: 'in line' });
  await expect(behindLine).toHaveText('You are number 2 in line.', { timeout: 15_000 });
  await expect(rhea.getByRole('heading', { name: 'Queue: 2 waiting' })).toBeVisible();

  await send(leaving, 'Is anyone there?');
  await expect(leaving.getByRole('dialog', { name: channelName }).getByText('Is anyone there?')).toBeVisible();
  await leaving.getByRole('button', { name: 'Leave the queue' }).click();
  await expect(leaving.getByRole('dialog')).toHaveCount(0);
  await expect(leaving.getByText('Did we correctly answer your question ?')).toHaveCount(0);
  // The button is back, and pressed again at once it starts a new chat (the leave may still be answering):
  // the visitor joins the line again, behind the one who moved up.
  const asked = leaving.waitForRequest((r) => new URL(r.url()).pathname === GET_SESSION_ROUTE);
  await leaving.getByRole('button', { name: BUTTON }).click();
  await asked;
  await expect(behindLine).toHaveText('You are number 1 in line.');
  await expect(leaving.getByRole('dialog', { name: channelName }).getByRole('status').filter({ hasText: 'in line' })).toHaveText('You are number 2 in line.', { timeout: 15_000 });
  await expect(rhea.getByRole('heading', { name: 'Queue: 2 waiting' })).toBeVisible();

  for (const page of [...served, behind, leaving]) await rpc(request, '/im_livechat/operator/close_session', { session_id: (await visitorSession(page)).id });
  for (const page of [rhea, ...served, leaving, behind]) await page.context().close();
});
