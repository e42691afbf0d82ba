import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

/** The seeded operator's credentials (playwright.config.ts starts the server with this password). */
export const ADMIN = { db: 'livechat', login: 'admin', password: 'e2e-admin-password' };
export const BUTTON = 'Chat with one of our collaborators';
export const OPERATOR_NAME = 'Administrator';
/** A 1×1 PNG: the server sniffs its bytes, so it must be a real picture. */
export const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

// The operator's session cookie, shared by the tests of one worker (see operatorLogsIn), and the contexts
// that send it explicitly because they did not log in themselves.
let workerSession: string | undefined;
const reusedSessions = new WeakMap<APIRequestContext, string>();

/** JSON-RPC through an API context (the operator's, which carries its session cookie). */
export async function rpc<T = unknown>(ctx: APIRequestContext, path: string, params: Record<string, unknown> = {}): Promise<T> {
  const cookie = reusedSessions.get(ctx);
  const res = await ctx.post(path, { data: { jsonrpc: '2.0', method: 'call', params, id: Math.floor(Math.random() * 1e9) }, ...(cookie ? { headers: { cookie } } : {}) });
  const body = (await res.json()) as { result?: T; error?: { data?: { message?: string } } };
  if (body.error) throw new Error(`${path}: ${body.error.data?.message ?? 'error'}`);
  return body.result as T;
}

/**
 * Logs the operator in: a logged-in operator counts as available. The log-in route allows 20 attempts a
 * minute per address, fewer than the e2e run's tests, so a worker logs in once and later tests reuse that
 * session (any call with it marks the operator as seen, which keeps them available).
 */
export async function operatorLogsIn(ctx: APIRequestContext): Promise<void> {
  if (workerSession) {
    reusedSessions.set(ctx, workerSession);
    const still = await rpc<{ username: string }>(ctx, '/web/session/get_session_info').catch(() => undefined);
    if (still?.username === 'admin') return;
    reusedSessions.delete(ctx);
  }
  const info = await rpc<{ username: string }>(ctx, '/web/session/authenticate', ADMIN);
  expect(info.username).toBe('admin');
  const session = (await ctx.storageState()).cookies.find((c) => c.name === 'session_id');
  workerSession = session ? `${session.name}=${session.value}` : undefined;
}

/** The visitor's session as the widget stored it in its cookie. */
export async function visitorSession(page: Page): Promise<{ id: number; uuid: string; folded: boolean }> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'im_livechat_session');
  expect(cookie, 'the session cookie').toBeTruthy();
  const raw = cookie!.value;
  return JSON.parse(/^[{[]/.test(raw) ? raw : decodeURIComponent(raw)) as { id: number; uuid: string; folded: boolean };
}

/** The bodies the server has stored in a conversation, as the operator reads them. */
export async function storedBodies(ctx: APIRequestContext, sessionId: number): Promise<string[]> {
  const conversation = await rpc<{ messages: { body: string }[] }>(ctx, '/im_livechat/operator/conversation', { session_id: sessionId });
  return conversation.messages.map((m) => m.body);
}

/**
 * Waits until the server has stored a visitor's text: the pending copy shows at once, and an operator's
 * close that overtakes the post would refuse it.
 */
export async function untilStored(ctx: APIRequestContext, sessionId: number, text: string): Promise<void> {
  await expect.poll(() => storedBodies(ctx, sessionId)).toContain(`<p>${text}</p>`);
}

/** Opens the chat as a visitor would, from the button. */
export async function openChat(page: Page) {
  await page.getByRole('button', { name: BUTTON }).click();
  const dialog = page.getByRole('dialog', { name: OPERATOR_NAME });
  // The click fetches the lazy React part first; on a loaded machine that takes more than the default 5 s.
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  return dialog;
}

/** Types into the composer and presses Enter. */
export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Ask something ...' });
  await box.fill(text);
  await box.press('Enter');
}

/** The console in a browser context of its own, logged in as the seeded operator. */
export async function consoleLoggedIn(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto('/operator/');
  await page.getByLabel('Login').fill(ADMIN.login);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  return page;
}
