import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import { test } from './support/test.js';
import { ADMIN, rpc } from './widget-support.js';

// The console on a phone and on a tablet, against the real server: a visitor writes over the widget's
// HTTP API, the operator answers in the real console, emulated as a touch device that honours the page's
// viewport meta.

/** How much wider than the screen the page is (0: no horizontal scroll). */
const overflow = (page: Page): Promise<number> => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/**
 * The visible controls smaller than 24×24 CSS px (WCAG 2.2, 2.5.8). A link inside a line of text falls
 * under the criterion's inline exception.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const inText = (el: Element) => getComputedStyle(el).display === 'inline' && (el.parentElement?.textContent ?? '').trim() !== (el.textContent ?? '').trim();
    const small: string[] = [];
    for (const el of Array.from(document.querySelectorAll('button, a[href], input:not([type="hidden"]), textarea, select, summary, [role="switch"]'))) {
      const box = el.getBoundingClientRect();
      if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.localName === 'a' && inText(el)) continue;
      if (box.width < 24 || box.height < 24) small.push(`${el.localName} "${(el.textContent ?? el.getAttribute('aria-label') ?? '').trim().slice(0, 40)}" ${box.width.toFixed(1)}×${box.height.toFixed(1)}`);
    }
    return small;
  });
}

/** No horizontal scroll, every target big enough, nothing for axe: what each screen must be. */
async function expectFits(page: Page, screen: string): Promise<void> {
  expect(await overflow(page), `${screen}: no horizontal scroll`).toBeLessThanOrEqual(0);
  expect(await smallTargets(page), `${screen}: targets of at least 24×24 px`).toEqual([]);
  expect(await axeViolations(page), `${screen}: axe`).toEqual([]);
}

/** Polls the visitor's channel until a payload matches, as the widget's bus would. */
async function visitorWaitsFor(request: APIRequestContext, uuid: string, match: (p: Record<string, unknown>) => boolean): Promise<void> {
  let last = 0;
  for (let i = 0; i < 20; i += 1) {
    const list = await rpc<{ id: number; message: Record<string, unknown> }[]>(request, '/longpolling/poll', { channels: [uuid], last, options: {} });
    for (const n of list) {
      last = Math.max(last, n.id);
      if (match(n.message)) return;
    }
  }
  throw new Error('the visitor never received the expected notification');
}

/** The console, logged in, on an emulated touch screen of the given size. */
async function consoleOn(browser: Browser, baseURL: string, viewport: { width: number; height: number }): Promise<Page> {
  // axe is injected as an inline script, which the console's strict CSP would (rightly) block.
  const context = await browser.newContext({ baseURL, viewport, isMobile: true, hasTouch: true, bypassCSP: true });
  const page = await context.newPage();
  await page.goto('/operator/');
  await page.getByLabel('Login').fill(ADMIN.login);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Conversations' })).toBeVisible();
  return page;
}

/** Shows a section of the console: on a phone, through the header's menu. */
async function showSection(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  }
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }).click();
}

for (const size of [
  { width: 375, height: 667, phone: true },
  { width: 768, height: 1024, phone: false },
]) {
  test(`at ${size.width}×${size.height} the console is used with one thumb: list, conversation, answer, back, sections, profile`, async ({ browser, playwright, baseURL }) => {
    test.setTimeout(90_000);
    const viewport = { width: size.width, height: size.height };
    const visitor = await playwright.request.newContext({ baseURL });
    const page = await consoleOn(browser, baseURL!, viewport);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The layout follows the on-screen keyboard where the browser supports it.
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /interactive-widget=resizes-content/);

    // Enough visitors for the list to be longer than the screen, the one answered in the middle of it.
    await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(visitor, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);
    const crowd = async (from: number) => {
      for (let i = from; i < from + 8; i += 1) {
        const other = await rpc<{ uuid: string }>(visitor, '/im_livechat/get_session', { channel_id: 1, anonymous_name: `Crowd ${size.width}-${i}`, previous_operator_id: null });
        await rpc(visitor, '/mail/chat_post', { uuid: other.uuid, message_content: `Crowd says ${i}` });
      }
    };
    await crowd(0);
    const name = `Pocket ${size.width}`;
    const session = await rpc<{ uuid: string }>(visitor, '/im_livechat/get_session', { channel_id: 1, anonymous_name: name, previous_operator_id: null });
    await rpc(visitor, '/mail/chat_post', { uuid: session.uuid, message_content: `Hello from ${name}` });
    await crowd(8);
    const list = page.getByRole('navigation', { name: 'Conversations' });
    const item = list.getByRole('button', { name: new RegExp(`^${name}`) });
    await expect(item).toBeVisible();
    await expect(list.getByRole('button', { name: new RegExp(`^Crowd ${size.width}-15`) })).toBeVisible();
    // The notices of the new conversations time out; the screens are measured without them as well.
    await expect(page.getByRole('status', { name: 'Notifications' }).getByRole('group')).toHaveCount(0, { timeout: 20_000 });
    await expectFits(page, 'the list');

    // The list → the conversation.
    await item.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const listScroll = await page.evaluate(() => window.scrollY);
    await item.click();
    const composer = page.getByRole('textbox', { name: `Message to ${name}` });
    await expect(composer).toBeVisible();
    const back = page.getByRole('button', { name: 'Back to conversations' });
    if (size.phone) {
      await expect(list, 'two screens: the list gives way').toBeHidden();
      await expect(back).toBeVisible();
    } else {
      await expect(list, 'the two panes fit side by side').toBeVisible();
      await expect(back).toBeHidden();
    }
    await expect(page.getByRole('list', { name: `Messages with ${name}` }).getByText(`Hello from ${name}`)).toBeVisible();
    await expectFits(page, 'the conversation');

    // Sending a message.
    await composer.fill('Hello from the pocket console');
    await composer.press('Enter');
    await expect(composer).toHaveValue('');
    await visitorWaitsFor(visitor, session.uuid, (p) => p.body === '<p>Hello from the pocket console</p>');
    await expect(page.getByRole('list', { name: `Messages with ${name}` }).getByText('Hello from the pocket console')).toBeVisible();

    // The on-screen keyboard takes the lower part of the screen: the composer stays in sight above it.
    await composer.focus();
    await page.setViewportSize({ width: size.width, height: 350 });
    await expect(async () => {
      const box = await composer.boundingBox();
      expect(box, 'the composer is laid out').toBeTruthy();
      expect(box!.y, 'its top is on the screen').toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height, 'its bottom is above the keyboard').toBeLessThanOrEqual(350);
    }).toPass({ timeout: 5_000 });
    await expect(composer).toBeFocused();
    expect(await overflow(page), 'no horizontal scroll with the keyboard open').toBeLessThanOrEqual(0);
    await page.setViewportSize(viewport);

    // Back to the list, where it was.
    if (size.phone) {
      await back.click();
      await expect(list).toBeVisible();
      await expect(composer).toBeHidden();
      await expect(item).toBeFocused();
      expect(listScroll, 'the list was scrolled').toBeGreaterThan(0);
      expect(await page.evaluate(() => window.scrollY), 'the list keeps its scroll').toBe(listScroll);
      await expectFits(page, 'the list after Back');
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await expectFits(page, 'the open menu');
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    }

    // The other sections, and the profile dialog.
    await showSection(page, 'Search');
    const words = page.getByRole('searchbox', { name: 'Words to find' });
    await words.fill(name);
    await words.press('Enter');
    await expect(page.getByRole('list', { name: 'Results' }).getByRole('link').first()).toBeVisible();
    await expectFits(page, 'search with its results');
    await showSection(page, 'Statistics');
    await expect(page.getByRole('table', { name: 'Ratings (last 7 days)' })).toBeVisible();
    await expectFits(page, 'statistics');
    await showSection(page, 'My alerts');
    await expect(page.getByRole('checkbox').first()).toBeVisible();
    await expectFits(page, 'alerts');
    await showSection(page, 'Administration');
    await expect(page.getByRole('form', { name: 'Add an operator' })).toBeVisible();
    await expectFits(page, 'administration');
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    if (size.phone) await menu.click();
    await page.getByRole('banner').getByRole('button', { name: 'Administrator, profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your profile' });
    await expect(dialog.getByRole('textbox', { name: 'Display name' })).toBeVisible();
    await expectFits(page, 'the profile dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    expect(errors).toEqual([]);
    await visitor.dispose();
    await page.context().close();
  });
}
