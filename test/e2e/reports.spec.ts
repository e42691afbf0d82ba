import fs from 'node:fs';
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { parseCsv } from '../support/parse-csv.js';
import { axeInBothThemes } from './support/axe.js';
import { describeOnPostgres, describeOnSqlite } from './support/fresh-server.js';
import { test } from './support/test.js';
import { consoleLoggedIn, rpc } from './widget-support.js';

// Reports against the real built server, on a database of its own (a fresh SQLite data folder, then a
// throwaway PostgreSQL) so that no other spec's chats count:
// three visitors write, the operator answers two, all three are closed, two rate. The counts and the
// satisfaction are then certain (durations depend on the machine's speed, so only their presence is).

type Playwright = { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } };

async function scenario(browser: Browser, baseURL: string, playwright: Playwright): Promise<void> {
  // axe is injected as an inline script, which the console's strict CSP would block.
  const page = await consoleLoggedIn(browser, { baseURL, bypassCSP: true, acceptDownloads: true });
  const visitor: APIRequestContext = await playwright.request.newContext({ baseURL });
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(visitor, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);

  const sessions: { id: number; uuid: string }[] = [];
  for (const name of ['Ada', 'Ben', 'Cleo']) {
    const session = await rpc<{ id: number; uuid: string }>(visitor, '/im_livechat/get_session', { channel_id: 1, anonymous_name: name, previous_operator_id: null });
    await rpc(visitor, '/mail/chat_post', { uuid: session.uuid, message_content: `Hello, I am ${name}` });
    sessions.push(session);
  }
  const [ada, ben, cleo] = sessions as [(typeof sessions)[number], (typeof sessions)[number], (typeof sessions)[number]];
  for (const answered of [ada, ben]) await rpc(page.request, '/mail/chat_post', { uuid: answered.uuid, message_content: 'How can I help?' });
  for (const session of [ada, ben, cleo]) await rpc(page.request, '/im_livechat/operator/close_session', { session_id: session.id });
  await rpc(visitor, '/im_livechat/feedback', { uuid: ada.uuid, rate: 5 });
  await rpc(visitor, '/im_livechat/feedback', { uuid: ben.uuid, rate: 1 });

  await page.getByRole('banner').getByRole('button', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Reports: overview' })).toBeVisible();
  const figure = (name: string) => page.getByRole('article', { name, exact: true }).locator('.op-report-value');
  await expect(figure('Conversations')).toHaveText('3');
  await expect(figure('Missed: never answered')).toHaveText('1');
  await expect(figure('Missed: nobody available')).toHaveText('0');
  await expect(figure('Transfers')).toHaveText('0');
  await expect(figure('Satisfaction (share of 😊)')).toHaveText('50%');
  await expect(figure('Rating rate')).toHaveText('66.7%');
  await expect(figure('First response time (median)')).not.toHaveText('—');
  await expect(page.getByRole('img', { name: 'Conversations, missed and transfers' })).toBeVisible();
  expect(await axeInBothThemes(page)).toEqual([]);

  await page.getByRole('button', { name: 'Show as table' }).first().click();
  const counts = page.getByRole('table', { name: 'Conversations, missed and transfers' });
  await expect(counts.getByRole('row', { name: /^Conversations/ }).getByRole('cell').first()).toHaveText('3');
  expect(await axeInBothThemes(page)).toEqual([]);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the overview (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^reports-overview-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, current, previous] = parseCsv(bytes.toString('utf8'));
  const record = Object.fromEntries(header!.map((name, i) => [name, current![i]]));
  expect(record).toMatchObject({ period: 'current', time_zone: 'UTC', conversations: '3', missed_never_answered: '1', missed_nobody_available: '0', transfers: '0', 'satisfaction_share (0-1)': '0.5' });
  expect(Number(record['rating_rate (0-1)'])).toBeCloseTo(2 / 3, 6);
  expect(Number(record['first_response_median (s)'])).toBeGreaterThanOrEqual(0);
  expect(previous![0]).toBe('previous');
  expect(previous![header!.indexOf('conversations')]).toBe('0');

  await page.getByRole('combobox', { name: 'Report' }).selectOption('operators');
  const byOperator = page.getByRole('table', { name: /^Figures by operator, / });
  await expect(byOperator.getByRole('row')).toHaveCount(2);
  await expect(byOperator.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('3');
  await expect(byOperator.getByRole('row').nth(1).getByRole('cell').nth(5)).toHaveText('50%');
  expect(await axeInBothThemes(page)).toEqual([]);

  await page.getByRole('combobox', { name: 'Report' }).selectOption('hours');
  const heatMap = page.getByRole('table', { name: /^Conversations created by day of the week and hour, / });
  await expect(heatMap.getByRole('rowheader')).toHaveCount(7);
  await expect(heatMap.getByRole('columnheader')).toHaveCount(25);
  const cells = await heatMap.getByRole('cell').allTextContents();
  expect(cells).toHaveLength(7 * 24);
  expect(cells.reduce((sum, n) => sum + Number(n), 0)).toBe(3);
  expect(await axeInBothThemes(page)).toEqual([]);

  await page.context().close();
  await visitor.dispose();
}

test.describe('reports', () => {
  describeOnSqlite('the overview, the by-operator table and the heat map show the figures of a known history, the CSV reads back the same, and axe finds nothing in the light or the dark theme', ({ browser, playwright }, baseURL) =>
    scenario(browser, baseURL, playwright),
  );
  describeOnPostgres('the same history gives the same figures', ({ browser, playwright }, baseURL) => scenario(browser, baseURL, playwright));
});
