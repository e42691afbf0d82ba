import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { describeOnPostgres } from './support/fresh-server.js';
import { test } from './support/test.js';
import { consoleLoggedIn, rpc } from './widget-support.js';
import { axeInBothThemes } from './support/axe.js';

// Search against the real server on both engines: the SQLite one Playwright starts, and the same build on
// a throwaway PostgreSQL. Two visitors chat, the operator writes a note; the console's search finds a
// message by a word's start in any case and accent, a note, and opens the conversation at each.

/** Letters only, so the token stays one word for the index. */
const token = (): string => `kq${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;

async function chat(visitor: APIRequestContext, name: string, lines: string[]): Promise<{ id: number; uuid: string }> {
  const session = await rpc<{ id: number; uuid: string }>(visitor, '/im_livechat/get_session', { channel_id: 1, anonymous_name: name, previous_operator_id: null });
  for (const line of lines) await rpc(visitor, '/mail/chat_post', { uuid: session.uuid, message_content: line });
  return session;
}

async function search(page: Page, words: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('searchbox', { name: 'Words to find' });
  await box.fill(words);
  await box.press('Enter');
}

async function scenario(browser: Browser, baseURL: string, playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } }): Promise<void> {
  // axe is injected as an inline script, which the console's strict CSP would block.
  const page = await consoleLoggedIn(browser, { baseURL, bypassCSP: true });
  const visitor = await playwright.request.newContext({ baseURL });
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(visitor, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);
  const t = token();
  const filler = (n: number) => Array.from({ length: n }, (_, i) => `filler line ${i + 1}`);
  const zoe = await chat(visitor, `Zoé ${t}`, [...filler(20), `Je voudrais un REMBOURSEMENT pour la commande ${t}`, ...filler(8)]);
  const other = await chat(visitor, `Other ${t}`, [`Where is my parcel ${t}?`]);

  // A note on Zoé's conversation, written in the console.
  await page.goto(`/operator/#/conversations/${zoe.id}`);
  await page.getByRole('radiogroup', { name: 'Write as' }).getByRole('radio', { name: 'Note' }).check();
  const field = page.getByRole('textbox', { name: /^Internal note on the conversation with / });
  await field.fill(`Café offert ${t}`);
  await field.press('Enter');
  await expect(page.getByRole('list', { name: /^Messages with / }).getByRole('listitem').filter({ hasText: `Café offert ${t}` })).toBeVisible();

  // The start of a word, in another case, with the token: one message, its words marked; it opens there.
  await search(page, `rembours ${t}`);
  const results = page.getByRole('list', { name: 'Results' });
  await expect(page.getByRole('status').filter({ hasText: /results?\.$/ })).toHaveText('1 result.');
  await expect(results.getByRole('link')).toHaveCount(1);
  await expect(results.locator('mark').first()).toHaveText('REMBOURS');
  expect(await axeInBothThemes(page)).toEqual([]);
  await results.getByRole('link').click();
  const found = page.getByRole('list', { name: /^Messages with / }).getByRole('listitem').filter({ hasText: 'Je voudrais un REMBOURSEMENT' });
  await expect(found).toBeFocused();
  await expect(found).toBeInViewport();

  // Without the accent: the note, by its author; it opens at the note.
  await search(page, `cafe ${t}`);
  await expect(results.getByRole('link')).toHaveCount(1);
  await expect(results.getByRole('link')).toContainText('Note');
  await expect(results.getByRole('link')).toContainText('Administrator:');
  await results.getByRole('link').click();
  await expect(page.getByRole('list', { name: /^Messages with / }).getByRole('listitem').filter({ hasText: `Café offert ${t}` })).toBeFocused();

  // The token alone finds both conversations; none of them is resolved.
  await search(page, t);
  await expect(results.getByRole('link').filter({ hasText: `Other ${t}` }).first()).toBeVisible();
  await expect(results.getByRole('link').filter({ hasText: `Zoé ${t}` }).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Resolved' });
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page.getByText('No conversation matches.')).toBeVisible();
  // Closed, they leave the desk's list to the specs that follow.
  for (const session of [zoe, other]) await rpc(page.request, '/im_livechat/operator/close_session', { session_id: session.id });
  await page.context().close();
  await visitor.dispose();
}

test.describe('console search', () => {
  test('on SQLite: finds messages and notes by a word’s start, any case or accent, and opens the conversation there', async ({ browser, baseURL, playwright }) => {
    await scenario(browser, baseURL!, playwright);
  });

  describeOnPostgres('the same search gives the same hits', ({ browser, playwright }, baseURL) => scenario(browser, baseURL, playwright));
});
