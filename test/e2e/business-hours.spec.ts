import { expect } from '@playwright/test';
import { SET_BUSINESS_HOURS_ROUTE, type BusinessHoursAnswer } from '../../src/protocol/business-hours.js';
import { INIT_ROUTE } from '../../src/protocol/routes.js';
import { test } from './support/test.js';
import { BUTTON, operatorLogsIn, rpc } from './widget-support.js';

// Issue 26 against the built server: outside its business hours the demo page's channel shows no button,
// whoever is online. Other specs share the server and channel 1: the hours are removed afterwards.

const DAY = 86_400_000;
const utcDate = (at: number) => new Date(at).toISOString().slice(0, 10);

test('outside business hours the demo page shows no chat button; without hours it shows again', async ({ page, request }) => {
  await operatorLogsIn(request);
  const now = Date.now();
  // Open all day every day, but closed yesterday, today and tomorrow (UTC): closed now whatever the hour.
  const hours = { time_zone: 'UTC', week: Array.from({ length: 7 }, () => [{ start: '00:00', end: '24:00' }]), closed_dates: [utcDate(now - DAY), utcDate(now), utcDate(now + DAY)] };
  const saved = await rpc<BusinessHoursAnswer>(request, SET_BUSINESS_HOURS_ROUTE, { channel_id: 1, hours });
  expect(saved.hours?.closed_dates).toHaveLength(3);
  try {
    const init = await rpc<{ available_for_me: boolean; options: { reopens_at?: number } }>(request, INIT_ROUTE, { channel_id: 1 });
    expect(init.available_for_me).toBe(false);
    expect(init.options.reopens_at).toBe(Date.parse(`${utcDate(now + 2 * DAY)}T00:00:00Z`));
    await page.addInitScript(() => {
      window.addEventListener('livechat:ready', (e) => ((window as unknown as { ready?: unknown }).ready = (e as CustomEvent).detail), true);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'A host page' })).toBeVisible();
    await page.waitForFunction(() => (window as unknown as { ready?: unknown }).ready !== undefined);
    expect(await page.evaluate(() => (window as unknown as { ready?: unknown }).ready)).toEqual({ available: false });
    await expect(page.getByRole('button', { name: BUTTON })).toHaveCount(0);
  } finally {
    await rpc(request, SET_BUSINESS_HOURS_ROUTE, { channel_id: 1, hours: null });
  }
  await page.reload();
  await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();
});
