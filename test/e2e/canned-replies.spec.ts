import { execFileSync } from 'node:child_process';
import { expect, type Browser, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { BUTTON, consoleLoggedIn, operatorLogsIn, rpc } from './widget-support.js';

// Canned replies against the real server: an admin writes a channel's shared reply in Administration, the
// channel's only operator inserts it with /shortcut in a real conversation, and the visitor's widget on a
// host page receives the text with its variables filled. The channel is the test's own, so no other
// spec's operator answers it.

/** A new livechat channel, made as an admin would with `live-chat-server admin create-channel`. */
function createChannel(name: string): number {
  const out = execFileSync(process.execPath, ['packages/server/dist/server/cli.js', 'admin', 'create-channel', name], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR },
    encoding: 'utf8',
  });
  const id = Number(/\(id (\d+)\)/.exec(out)?.[1]);
  expect(id, out).toBeGreaterThan(1);
  return id;
}

/** A host page on the server's origin with the widget for `channelId`. */
async function hostPage(page: Page, channelId: number): Promise<void> {
  const path = `/canned-host-${channelId}.html`;
  await page.route(`**${path}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Shop</title><script type="module" src="/live-chat.js"></script></head><body><main><h1>Shop</h1></main><live-chat channel-id="${channelId}"></live-chat></body></html>`,
    }),
  );
  await page.goto(path);
}

/** The console of another operator, in a browser context of its own. */
async function consoleOf(browser: Browser, login: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/operator/');
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  return page;
}

test('an admin shares a reply with variables; the channel’s operator inserts it with /shortcut and the visitor receives it filled', async ({ browser, page, request }) => {
  await operatorLogsIn(request);
  const channelName = `Canned ${Date.now().toString(36)}`;
  const channel = createChannel(channelName);
  const login = `nadia-${Date.now().toString(36)}`;
  await rpc(request, '/im_livechat/operator/admin/add_operator', { login, name: 'Nadia', password: 'nadia password', channel_ids: [channel] });

  // The admin writes the channel's shared reply in Administration; an unknown variable is refused first.
  const admin = await consoleLoggedIn(browser);
  await admin.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Administration' }).click();
  const shared = admin.getByRole('region', { name: `Shared by ${channelName}` });
  await shared.getByRole('button', { name: 'New reply' }).click();
  const form = shared.getByRole('form', { name: 'New canned reply' });
  await form.getByRole('textbox', { name: 'Shortcut' }).fill('greet');
  await form.getByRole('textbox', { name: 'Text' }).fill('Hello {{visitor.nickname}}');
  await expect(form.getByRole('alert')).toHaveText('Unknown variable {{visitor.nickname}}');
  await form.getByRole('textbox', { name: 'Text' }).fill('Hello {{visitor.name | there}}, {{operator.name}} of {{channel.name}} here. Thanks {{visitor.email}}!');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByRole('status').filter({ hasText: '/greet saved' })).toBeVisible();
  await expect(shared.getByText('/greet')).toBeVisible();

  // The channel's operator sees it, read-only, in its own view; Administration is not offered.
  const nadia = await consoleOf(browser, login, 'nadia password');
  const errors: string[] = [];
  nadia.on('pageerror', (e) => errors.push(e.message));
  const sections = nadia.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('button', { name: 'Administration' })).toHaveCount(0);
  await sections.getByRole('button', { name: 'Canned replies' }).click();
  const readOnly = nadia.getByRole('region', { name: `Shared by ${channelName}` });
  await expect(readOnly.getByText('/greet')).toBeVisible();
  await expect(readOnly.getByRole('button')).toHaveCount(0);
  await sections.getByRole('button', { name: 'Desk' }).click();

  // A visitor on a real host page writes; Nadia is the channel's only operator.
  await hostPage(page, channel);
  await page.getByRole('button', { name: BUTTON }).click();
  const chat = page.getByRole('dialog', { name: 'Nadia' });
  await expect(chat).toBeVisible({ timeout: 15_000 });
  const box = page.getByRole('textbox', { name: 'Ask something ...' });
  await box.fill('Hi, is anyone there?');
  await box.press('Enter');

  await nadia.getByRole('button', { name: /Hi, is anyone there\?/ }).click();
  const composer = nadia.getByRole('textbox', { name: /^Message to / });
  await composer.pressSequentially('/gre');
  const list = nadia.getByRole('listbox', { name: 'Canned replies' });
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option', { selected: true })).toContainText('/greet');
  await expect(composer).toHaveAttribute('aria-activedescendant', /.+/);
  const sent = `Hello there, Nadia of ${channelName} here. Thanks!`;
  await expect(nadia.getByRole('region', { name: 'Preview' })).toContainText(sent);
  await composer.press('Enter');
  await expect(composer).toHaveValue(sent);
  await expect(list).toHaveCount(0);
  await expect(chat.getByRole('log').getByText(sent), 'Enter in the list sent nothing').toHaveCount(0);
  await composer.press('Enter');
  await expect(chat.getByRole('log').getByText(sent)).toBeVisible();
  expect(errors).toEqual([]);

  await nadia.context().close();
  await admin.context().close();
});
