import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { BUTTON, OPERATOR_NAME, consoleLoggedIn, rpc, send } from './widget-support.js';

// The operator changes its name and picture in the real console; a visitor's real widget then shows both in
// its header. The operator's name is given back at the end: the other specs greet it by name.

/** A 400 × 300 PNG drawn by the browser itself, so it is a picture any browser decodes. */
async function drawnPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#2a9d8f';
    context.fillRect(0, 0, 400, 300);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function openProfile(desk: Page) {
  await desk.getByRole('button', { name: `${OPERATOR_NAME}, profile` }).or(desk.getByRole('button', { name: 'Ada Lovelace, profile' })).click();
  const dialog = desk.getByRole('dialog', { name: 'Your profile' });
  await expect(dialog.getByRole('textbox', { name: 'Display name' })).toBeVisible();
  return dialog;
}

test('an operator sets its name and a picture in the console; the visitor sees both in the chat header', async ({ browser, request }) => {
  const desk = await consoleLoggedIn(browser);
  let profile = await openProfile(desk);
  try {
    await profile.getByRole('textbox', { name: 'Display name' }).fill('Ada Lovelace');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await expect(profile.getByRole('status').first()).toHaveText('Name saved');
    const chooser = desk.waitForEvent('filechooser');
    await profile.getByRole('button', { name: 'Choose a picture' }).click();
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: await drawnPng(desk) });
    await expect(profile.getByRole('status').first()).toHaveText('Picture saved');
    await expect.poll(() => profile.getByRole('img', { name: 'Picture of Ada Lovelace' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await profile.getByRole('button', { name: 'Close' }).click();
    await expect(desk.getByRole('button', { name: 'Ada Lovelace, profile' })).toBeVisible();

    await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(request, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/');
    await visitor.getByRole('button', { name: BUTTON }).click();
    await send(visitor, 'Who is there?');
    const chat = visitor.getByRole('dialog', { name: 'Ada Lovelace' });
    await expect(chat).toBeVisible({ timeout: 15_000 });
    const picture = chat.locator('header img');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([256, 256]);
    await visitor.context().close();
  } finally {
    profile = await openProfile(desk);
    await profile.getByRole('textbox', { name: 'Display name' }).fill(OPERATOR_NAME);
    await profile.getByRole('button', { name: 'Save name' }).click();
    await expect(profile.getByRole('status').first()).toHaveText('Name saved');
    const remove = profile.getByRole('button', { name: 'Remove picture' });
    if (await remove.isVisible()) {
      await remove.click();
      await expect(profile.getByRole('status').first()).toHaveText('Picture removed');
    }
  }
});

test('an operator lists the languages they answer in, in their profile; the list is kept', async ({ browser }) => {
  const desk = await consoleLoggedIn(browser);
  let profile = await openProfile(desk);
  const languages = () => profile.getByRole('region', { name: 'Languages you answer in' });
  try {
    const field = languages().getByRole('combobox', { name: 'Add a language' });
    await field.fill('fr-BE');
    await languages().getByRole('button', { name: 'Add' }).click();
    await field.fill('German');
    await languages().getByRole('button', { name: 'Add' }).click();
    await languages().getByRole('button', { name: 'Save languages' }).click();
    await expect(languages().getByRole('status')).toHaveText('Languages saved');
    await profile.getByRole('button', { name: 'Close' }).click();
    profile = await openProfile(desk);
    await expect(languages().getByRole('list', { name: 'Your languages' }).getByRole('listitem')).toHaveText([/^French \(fr\)/, /^German \(de\)/]);
  } finally {
    for (const name of ['French', 'German']) {
      const remove = languages().getByRole('button', { name: `Remove ${name}` });
      if (await remove.isVisible()) await remove.click();
    }
    await languages().getByRole('button', { name: 'Save languages' }).click();
    await expect(languages().getByRole('status')).toHaveText('Languages saved');
  }
});
