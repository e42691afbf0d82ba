import { execFileSync } from 'node:child_process';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import { test } from './support/test.js';
import { readMail, receivedIds, type ReceivedMail } from './support/mailbox.js';
import { ADMIN, BUTTON, operatorLogsIn, rpc } from './widget-support.js';

// Issue 14 against the real server and the real SMTP server of the e2e run. Each test makes a channel of
// its own (with the server's command line, on the server's database), so nobody else's operator is online
// on it and no other spec sees its settings.

let counter = 0;

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

/** An operator of `channelId` with an e-mail address, added by the admin through the console's route. */
async function addOperator(admin: APIRequestContext, channelId: number, tag: string): Promise<{ login: string; password: string; email: string; name: string }> {
  counter += 1;
  const login = `${tag}-${Date.now().toString(36)}-${counter}`;
  const account = { login, password: 'operator-pass-1', email: `${login}@example.org`, name: `Op ${tag}` };
  await rpc(admin, '/im_livechat/operator/admin/add_operator', { login, name: account.name, password: account.password, email: account.email, channel_ids: [channelId] });
  return account;
}

/** A host page on the server's origin with the widget for `channelId` (served by the test, as any site would). */
async function hostPage(page: Page, channelId: number, lang = 'en'): Promise<void> {
  const path = `/host-${channelId}-${lang}.html`;
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  await page.route(`**${path}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="${lang}" dir="${dir}"><head><title>Shop</title><script type="module" src="/live-chat.js"></script></head><body><main><h1>Shop</h1></main><live-chat channel-id="${channelId}"></live-chat></body></html>`,
    }),
  );
  await page.goto(path);
}

/** The widget's chunks the page has fetched so far, by name (`chunks/<name>-<hash>.js`). */
function fetchedChunks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => /\/chunks\/([\w-]+)-[\w-]{8}\.js$/.exec(new URL(e.name).pathname)?.[1])
      .filter((n): n is string => n !== undefined),
  );
}

/** Logs an operator into the console in a browser context of its own. */
async function consoleOf(browser: Browser, baseURL: string, account: { login: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/operator/');
  await page.getByLabel('Login').fill(account.login);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  return page;
}

/** The mails to `address` received since `before` (a set of ids), once at least one arrived. */
async function mailsTo(address: string, before: Set<string>, timeout = 15_000): Promise<ReceivedMail[]> {
  const arrived = (): ReceivedMail[] =>
    receivedIds()
      .filter((id) => !before.has(id))
      .map(readMail)
      .filter((m) => m.envelope.to.includes(address));
  await expect.poll(() => arrived().length, { timeout }).toBeGreaterThan(0);
  return arrived();
}

test('the button appears without a reload when an operator logs in', async ({ page, request, browser, baseURL }) => {
  await operatorLogsIn(request);
  const channel = createChannel(`Availability ${Date.now()}`);
  const account = await addOperator(request, channel, 'avail');
  // The page's timers run on a clock the test moves: the loader asks again about once a minute.
  await page.clock.install();
  const init = page.waitForResponse('**/im_livechat/init');
  await hostPage(page, channel);
  await init;
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await expect(page.getByRole('button', { name: BUTTON })).toHaveCount(0);
  expect(await fetchedChunks(page), 'a channel that hides its button fetches nothing more').toEqual([]);

  const operatorConsole = await consoleOf(browser, baseURL!, account);
  const asked = page.waitForResponse('**/im_livechat/init');
  await page.clock.fastForward('01:10');
  await asked;
  await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage), 'no reload').toBe(true);
  await operatorConsole.context().close();
});

// Chromium up to 150 keeps a module whose download failed as failed for the life of the document: a
// second import() of that URL rejects without a request, and the button comes with the visitor's next
// page. Newer ones fetch it again on the re-check. Either way the host page sees no error and the button
// is there on the next page at the latest.
test('a failed download of the offline button leaves the host page without an error; the re-check asks again and the next page shows it', async ({ page, request }) => {
  await operatorLogsIn(request);
  const channel = createChannel(`Offline chunk ${Date.now()}`);
  await rpc(request, '/im_livechat/operator/admin/update_channel', { channel_id: channel, values: { offline_mode: 'message_form' } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let refused = 0;
  await page.route('**/chunks/offline-button-*.js', (route) => (refused++ === 0 ? route.abort('connectionreset') : route.fallback()));
  await page.clock.install();
  const init = page.waitForResponse('**/im_livechat/init');
  await hostPage(page, channel);
  await init;
  await expect.poll(() => refused, 'the chunk was asked for and refused').toBe(1);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await expect(page.getByRole('button', { name: 'Leave us a message' })).toHaveCount(0);

  const asked = page.waitForResponse('**/im_livechat/init');
  await page.clock.fastForward('01:10');
  await asked;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  expect(errors, 'no uncaught error or rejection on the host page').toEqual([]);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Leave us a message' })).toBeVisible();
  expect(refused, 'the chunk was asked for again').toBeGreaterThanOrEqual(2);
  expect(errors, 'no uncaught error or rejection on the host page').toEqual([]);
});

test('offline form end to end: the visitor leaves a message, operators are mailed, one answers by e-mail', async ({ page, request, browser, baseURL }) => {
  await operatorLogsIn(request);
  const channel = createChannel(`Offline ${Date.now()}`);
  await rpc(request, '/im_livechat/operator/admin/update_channel', { channel_id: channel, values: { offline_mode: 'message_form' } });
  const account = await addOperator(request, channel, 'offline');
  await page.addInitScript(() => {
    const seen: unknown[] = ((window as unknown as { offlineEvents: unknown[] }).offlineEvents = []);
    window.addEventListener('livechat:offline-message', (e) => seen.push((e as CustomEvent).detail));
  });
  await hostPage(page, channel);

  const button = page.getByRole('button', { name: 'Leave us a message' });
  await expect(button).toBeVisible();
  expect(await fetchedChunks(page), 'the offline button alone, before any interest').toEqual(['offline-button']);
  expect(await axeViolations(page), 'the offline button').toEqual([]);
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Leave us a message' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  expect(await fetchedChunks(page)).toContain('offline-dialog');
  expect(await axeViolations(page), 'the empty form').toEqual([]);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Please write your message')).toBeVisible();
  expect(await axeViolations(page), 'the form with its errors').toEqual([]);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Ann');
  await dialog.getByRole('textbox', { name: 'Email' }).fill('ann@example.org');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Where is my parcel?');
  const before = new Set(receivedIds());
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Thanks! We will answer by email.')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { offlineEvents: unknown[] }).offlineEvents)).toEqual([{ ok: true }]);
  expect(await axeViolations(page), 'the thanks').toEqual([]);

  const [alert, ...more] = await mailsTo(account.email, before);
  expect(more).toHaveLength(0);
  expect(alert!.envelope.to).toEqual([account.email]);
  expect(alert!.subject).toMatch(/^New message on Offline \d+ from Ann$/);
  expect(alert!.text).toContain('Where is my parcel?');
  const link = /Open the conversation: (\S+)/.exec(alert!.text)?.[1];
  expect(link).toMatch(/\/operator\/#\/conversations\/\d+$/);

  // The operator follows the mail's link into the console, sees the offline message and answers it.
  const operatorConsole = await consoleOf(browser, baseURL!, account);
  const url = new URL(link!);
  await operatorConsole.goto(`${url.pathname}${url.hash}`);
  await expect(operatorConsole.getByRole('heading', { name: 'Ann' })).toBeVisible();
  // An offline message has no operator: the list holds it under Unassigned, whichever view the console opened on.
  await operatorConsole.getByRole('group', { name: 'Views' }).getByRole('button', { name: /^Unassigned/ }).click();
  await expect(operatorConsole.getByRole('button', { name: /Ann/ }).first()).toContainText('Offline');
  await expect(operatorConsole.getByRole('heading', { name: 'Ann' })).toBeVisible();
  await operatorConsole.getByRole('textbox', { name: 'Answer to Ann by e-mail' }).fill('It left our warehouse today.');
  const beforeAnswer = new Set(receivedIds());
  await operatorConsole.getByRole('button', { name: 'Send by e-mail' }).click();
  await expect(operatorConsole.getByText('Your answer was e-mailed to ann@example.org')).toBeVisible();
  const [answer] = await mailsTo('ann@example.org', beforeAnswer);
  expect(answer!.envelope.to).toEqual(['ann@example.org']);
  expect(answer!.subject).toMatch(/^Your message to Offline \d+$/);
  expect(answer!.text).toContain('It left our warehouse today.');
  expect(answer!.text).toContain('> Where is my parcel?');
  await expect(operatorConsole.getByRole('list', { name: 'Messages with Ann' }).getByText('It left our warehouse today.')).toBeVisible();
  await operatorConsole.context().close();
});

test('a chat nobody answers within the channel’s delay mails its operators once', async ({ page, request, playwright, baseURL }) => {
  test.setTimeout(60_000);
  await operatorLogsIn(request);
  const channel = createChannel(`Missed ${Date.now()}`);
  await rpc(request, '/im_livechat/operator/admin/update_channel', { channel_id: channel, values: { missed_after_seconds: 10 } });
  const account = await addOperator(request, channel, 'missed');
  // The operator is online (logged in, seen) but never answers.
  const operator = await playwright.request.newContext({ baseURL });
  await rpc(operator, '/web/session/authenticate', { db: ADMIN.db, login: account.login, password: account.password });

  await hostPage(page, channel);
  await page.getByRole('button', { name: BUTTON }).click();
  const chat = page.getByRole('dialog', { name: account.name });
  await expect(chat).toBeVisible({ timeout: 15_000 });
  const before = new Set(receivedIds());
  const box = page.getByRole('textbox', { name: 'Ask something ...' });
  await box.fill('Is anyone there?');
  await box.press('Enter');
  await box.fill('Hello?');
  await box.press('Enter');

  const [missed] = await mailsTo(account.email, before, 30_000);
  expect(missed!.envelope.to).toEqual([account.email]);
  expect(missed!.subject, 'the anonymous visitor is named as in the console').toMatch(/^Missed chat on Missed \d+: Visitor \d{4}$/);
  expect(missed!.text).toContain('nobody answered within 10 seconds');
  expect(missed!.text).toMatch(/Is anyone there\?[\s\S]*Hello\?/);
  expect(missed!.text).toMatch(/Open the conversation: \S+\/operator\/#\/conversations\/\d+/);
  await page.waitForTimeout(3_000);
  expect(await mailsTo(account.email, before), 'one mail per conversation').toHaveLength(1);
  await operator.dispose();
});

for (const [lang, title, thanks] of [
  ['fr', 'Laissez-nous un message', 'Merci ! Nous vous répondrons par e-mail.'],
  ['ar', 'اترك لنا رسالة', 'شكرًا! سنرد عليك عبر البريد الإلكتروني.'],
] as const) {
  test(`the offline form in ${lang}: the page's language, no accessibility violation in any of its states`, async ({ page, request }) => {
    await operatorLogsIn(request);
    const channel = createChannel(`Offline ${lang} ${Date.now()}`);
    await rpc(request, '/im_livechat/operator/admin/update_channel', { channel_id: channel, values: { offline_mode: 'message_form' } });
    await hostPage(page, channel, lang);
    const button = page.getByRole('button', { name: title });
    await expect(button).toBeVisible();
    expect(await axeViolations(page), 'the offline button').toEqual([]);
    await button.click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    expect(await axeViolations(page), 'the empty form').toEqual([]);
    const send = dialog.getByRole('button').last();
    await send.click();
    await expect(dialog.getByRole('alert')).toHaveCount(2);
    expect(await axeViolations(page), 'the form with its errors').toEqual([]);
    const [, email, message] = await dialog.getByRole('textbox').all();
    await email!.fill('ann@example.org');
    await message!.fill('Bonjour / مرحبا');
    await send.click();
    await expect(dialog.getByText(thanks)).toBeVisible();
    expect(await axeViolations(page), 'the thanks').toEqual([]);
  });
}
