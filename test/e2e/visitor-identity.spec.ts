import { createHmac } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import { test } from './support/test.js';
import { ADMIN, BUTTON, OPERATOR_NAME, openChat, operatorLogsIn, rpc, send } from './widget-support.js';

// Each test here opens several browser contexts (devices) and runs axe in three languages: well past the
// 30 s a single-page test gets, on a loaded machine.
test.describe.configure({ timeout: 120_000 });

// Issue 14 "Knowing who is asking" against the real server: the channel's identity secret is made through
// the admin route the console uses, and the test computes visitor hashes with it as a host's server would.

const CHANNEL = 1;
const ADMIN_ROUTES = '/im_livechat/operator/admin';
/** A host page with the widget and `attrs`; it records the codes of `livechat:error` in `window.chatErrors`. */
async function hostPage(page: Page, attrs: string, lang = 'en'): Promise<void> {
  const path = `/identity-${lang}-${Math.random().toString(36).slice(2)}.html`;
  await page.route(`**${path}`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><title>Shop</title><script>window.chatErrors=[];document.addEventListener('livechat:error',(e)=>window.chatErrors.push(e.detail.code));</script><script type="module" src="/live-chat.js"></script></head><body><main><h1>Shop</h1></main><live-chat channel-id="${CHANNEL}" ${attrs}></live-chat></body></html>`,
    }),
  );
  await page.goto(path);
}

const chatErrors = (page: Page) => page.evaluate(() => (window as unknown as { chatErrors: string[] }).chatErrors);
const chatCookies = async (page: Page) => (await page.context().cookies()).filter((c) => c.name.startsWith('im_livechat_')).map((c) => c.name);

/** The console, logged in as the admin, in a browser context of its own. */
async function console_(browser: Browser, baseURL: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/operator/');
  await page.getByLabel('Login').fill(ADMIN.login);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  return page;
}

/** The visitor card of the conversation whose list entry names `visitor` and shows `lastMessage`. */
async function visitorCard(desk: Page, visitor: RegExp, lastMessage: string) {
  await desk.getByRole('button', { name: visitor }).filter({ hasText: lastMessage }).first().click();
  const card = desk.getByRole('region', { name: 'About the visitor' });
  await expect(card).toBeVisible();
  return card;
}

async function setPrechat(request: APIRequestContext, form: 'off' | 'name' | 'name_email'): Promise<void> {
  await rpc(request, `${ADMIN_ROUTES}/update_channel`, { channel_id: CHANNEL, values: { prechat_form: form } });
}

test('an unverified visitor: name, e-mail and context reach the console’s visitor card marked unverified', async ({ page, browser, request, baseURL }) => {
  await operatorLogsIn(request);
  const name = `Ada ${Date.now().toString(36)}`;
  await hostPage(page, `visitor-name="${name}" visitor-email="ada@example.org" visitor-context='{"plan":"Pro","order":"A-1042"}'`);
  const dialog = await openChat(page);
  await send(page, 'Where is my order?');
  await expect(dialog.getByRole('log').getByText('Where is my order?')).toBeVisible();

  const desk = await console_(browser, baseURL!);
  const card = await visitorCard(desk, new RegExp(name), 'Where is my order?');
  await expect(card.getByText(name)).toBeVisible();
  await expect(card.getByText('ada@example.org (unverified)')).toBeVisible();
  await expect(card.getByText('Unverified: given by the site or the visitor')).toBeVisible();
  for (const text of ['plan', 'Pro', 'order', 'A-1042', 'Browser', 'Operating system', 'Language', 'Local time', 'Earlier conversations']) {
    await expect(card.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(card.getByText(/Chrom/)).toBeVisible();
  await expect(card.getByText(/Linux/)).toBeVisible();
  await desk.context().close();
});

test('a verified visitor finds the open conversation and an earlier one on other devices; a wrong hash chats on anonymously', async ({ page, browser, request, baseURL }) => {
  await operatorLogsIn(request);
  const { secret } = await rpc<{ secret: string }>(request, `${ADMIN_ROUTES}/generate_identity_secret`, { channel_id: CHANNEL });
  const userId = `user-${Date.now().toString(36)}`;
  const hash = createHmac('sha256', secret).update(userId, 'utf8').digest('hex');
  const verified = `visitor-id="${userId}" visitor-hash="${hash}" visitor-name="Grace Hopper" visitor-email="grace@example.org"`;

  // First device: a conversation the operator closes.
  await hostPage(page, verified);
  const first = await openChat(page);
  await send(page, 'An earlier question');
  await expect(first.getByRole('log').getByText('An earlier question')).toBeVisible();
  const desk = await console_(browser, baseURL!);
  await desk.getByRole('button', { name: /Grace Hopper/ }).filter({ hasText: 'An earlier question' }).first().click();
  await desk.getByRole('button', { name: 'Close conversation' }).click();
  await expect(desk.getByText('This conversation is closed')).toBeVisible();
  expect(await chatErrors(page)).toEqual([]);

  // Second device, no cookie: a new conversation, with the earlier one above it.
  const second = await (await browser.newContext({ baseURL })).newPage();
  await hostPage(second, verified);
  const opened = await openChat(second);
  await expect(opened.getByText('An earlier question')).toBeVisible();
  await send(second, 'The open question');
  await expect(opened.getByRole('log').getByText('The open question')).toBeVisible();

  // Third device: the open conversation comes back, and the earlier one with it.
  const third = await (await browser.newContext({ baseURL })).newPage();
  await hostPage(third, verified);
  const resumed = await openChat(third);
  await expect(resumed.getByRole('log').getByText('The open question')).toBeVisible();
  await expect(resumed.getByText('An earlier question')).toBeVisible();

  const card = await visitorCard(desk, /Grace Hopper/, 'The open question');
  // A hash proves the id alone: the address beside it is the visitor's own word.
  await expect(card.getByText('grace@example.org (unverified)')).toBeVisible();
  await expect(card.getByText(`Verified user ${userId}`)).toBeVisible();
  await expect(card.getByRole('definition').last()).toHaveText('1');
  await desk.context().close();

  // A wrong hash: refused, reported, and the visitor still chats (anonymously).
  const stranger = await (await browser.newContext({ baseURL })).newPage();
  await hostPage(stranger, `visitor-id="${userId}" visitor-hash="${'0'.repeat(64)}"`);
  const anonymous = await openChat(stranger);
  await send(stranger, 'Hello as nobody');
  await expect(anonymous.getByRole('log').getByText('Hello as nobody')).toBeVisible();
  await expect(anonymous.getByText('The open question')).toHaveCount(0);
  expect(await chatErrors(stranger)).toEqual(['identity_rejected']);
  for (const p of [second, third, stranger]) await p.context().close();
});

test('setUser() finds the verified visitor’s conversation; resetUser() ends it here and clears the chat’s cookies', async ({ page, request }) => {
  await operatorLogsIn(request);
  const { secret } = await rpc<{ secret: string }>(request, `${ADMIN_ROUTES}/generate_identity_secret`, { channel_id: CHANNEL });
  const userId = `spa-${Date.now().toString(36)}`;
  const hash = createHmac('sha256', secret).update(userId, 'utf8').digest('hex');
  await hostPage(page, '');
  let dialog = await openChat(page);
  await send(page, 'Before signing in');
  await expect(dialog.getByRole('log').getByText('Before signing in')).toBeVisible();

  // The host's log-in: a conversation of nobody in particular goes on under the verified visitor.
  await page.evaluate(({ id, hash }) => (document.querySelector('live-chat') as HTMLElement & { setUser(u: object): void }).setUser({ id, hash, name: 'Signed In' }), { id: userId, hash });
  await page.waitForTimeout(500);
  await send(page, 'Signed in now');
  await expect(dialog.getByRole('log').getByText('Signed in now')).toBeVisible();

  // The host's log-out.
  await page.evaluate(() => (document.querySelector('live-chat') as HTMLElement & { resetUser(): void }).resetUser());
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();
  expect(await chatCookies(page)).toEqual([]);

  // Signing in again finds the conversation from the server, not from a cookie.
  await page.evaluate(({ id, hash }) => (document.querySelector('live-chat') as HTMLElement & { setUser(u: object): void }).setUser({ id, hash, name: 'Signed In' }), { id: userId, hash });
  await page.waitForTimeout(300);
  dialog = await openChat(page);
  await expect(dialog.getByRole('log').getByText('Signed in now')).toBeVisible();
});

test('the pre-chat form asks Name and Email before the first message, is skipped for identified visitors, and passes axe in en, fr and ar', async ({ browser, request, baseURL }) => {
  await operatorLogsIn(request);
  await setPrechat(request, 'name_email');
  try {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await hostPage(page, '');
    await page.getByRole('button', { name: BUTTON }).click();
    const start = page.getByRole('button', { name: 'Start the chat' });
    await expect(start).toBeVisible({ timeout: 15_000 });
    await page.getByRole('textbox', { name: 'Name' }).fill('Form Visitor');
    await page.getByRole('textbox', { name: 'Email' }).fill('not an address');
    await start.click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill('form@example.org');
    await start.click();
    await expect(page.getByRole('dialog', { name: OPERATOR_NAME })).toBeVisible({ timeout: 15_000 });
    await page.context().close();

    const known = await (await browser.newContext({ baseURL })).newPage();
    await hostPage(known, 'visitor-name="Known" visitor-email="known@example.org"');
    const dialog = await openChat(known);
    await expect(dialog.getByRole('textbox', { name: 'Ask something ...' })).toBeVisible();
    await expect(known.getByRole('button', { name: 'Start the chat' })).toHaveCount(0);
    await known.context().close();

    for (const [lang, button, submit] of [
      ['en', BUTTON, 'Start the chat'],
      ['fr', "Discutez avec l'un de nos collaborateurs", 'Commencer la discussion'],
      ['ar', 'تحدث مع أحد موظفينا', 'بدء المحادثة'],
    ] as const) {
      const localized = await (await browser.newContext({ baseURL })).newPage();
      await hostPage(localized, '', lang);
      await localized.getByRole('button', { name: button }).click();
      await expect(localized.getByRole('button', { name: submit })).toBeVisible({ timeout: 15_000 });
      expect(await axeViolations(localized), `pre-chat form (${lang})`).toEqual([]);
      await localized.getByRole('button', { name: submit }).click();
      await expect(localized.getByRole('textbox').first()).toHaveAttribute('aria-invalid', 'true');
      expect(await axeViolations(localized), `pre-chat form with errors (${lang})`).toEqual([]);
      await localized.context().close();
    }
  } finally {
    await setPrechat(request, 'off');
  }
});
