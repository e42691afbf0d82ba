import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { PIXEL_PNG, consoleLoggedIn, openChat, rpc, send } from './widget-support.js';

// Issue 15 against the built server: the visitor attaches an image and a PDF with the real widget (its
// "Attach a file" button and the browser's file chooser), the operator sees both in the real console,
// reads the conversation there, and the visitor sees "Seen", also after a reload.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');


/** The visitor clicks "Attach a file" and picks `file` in the browser's chooser. */
async function attach(visitor: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = visitor.waitForEvent('filechooser');
  await visitor.getByRole('button', { name: 'Attach a file' }).click();
  await (await chooser).setFiles(file);
}

test('a visitor sends a picture and a PDF; the operator sees them, reads the conversation, and the visitor sees "Seen"', async ({ browser, request }) => {
  const desk = await consoleLoggedIn(browser);
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(request, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const chat = await openChat(visitor);
  const log = chat.getByRole('log');

  await attach(visitor, { name: 'screenshot.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(log.getByRole('img', { name: 'screenshot.png' })).toBeVisible();
  await attach(visitor, { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(log.getByRole('button', { name: 'invoice.pdf' })).toBeVisible();
  await expect(log.getByRole('progressbar')).toHaveCount(0);
  // A file pretending to be a picture is refused by the server, and says so.
  await attach(visitor, { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(log.getByText('Not sent: file type not accepted')).toBeVisible();
  await send(visitor, 'Here are my invoice and a screenshot');
  await expect(log.getByText('Here are my invoice and a screenshot')).toBeVisible();
  await expect(log.getByText('Seen')).toHaveCount(0);

  // The operator opens the conversation: both files are there, the picture previewed.
  await desk.getByRole('button', { name: /Here are my invoice and a screenshot/ }).click();
  const thread = desk.getByRole('list', { name: /^Messages with / });
  await expect(thread.getByRole('img', { name: 'screenshot.png' })).toBeVisible();
  const pdfLink = thread.getByRole('link', { name: /invoice\.pdf/ });
  await expect(pdfLink).toBeVisible();
  await expect(thread.getByText('fake.png')).toHaveCount(0);
  const pdf = await desk.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(Buffer.from(await pdf.body())).toEqual(PDF);

  // Having it on screen in the console puts "Seen" under the visitor's last message.
  const lastMessage = log.locator('.lc-message').filter({ hasText: 'Here are my invoice and a screenshot' });
  await expect(lastMessage.getByText('Seen')).toBeVisible();
  await expect(log.getByText('Seen')).toHaveCount(1);

  // After a reload the widget comes back with the conversation, still "Seen".
  await visitor.reload();
  const reloaded = visitor.getByRole('dialog').getByRole('log');
  await expect(reloaded.locator('.lc-message').filter({ hasText: 'Here are my invoice and a screenshot' }).getByText('Seen')).toBeVisible({ timeout: 15_000 });

  // A new message waits for its own receipt, which comes as soon as the operator has it on screen.
  await send(visitor, 'Anything else you need?');
  await expect(thread.getByText('Anything else you need?')).toBeVisible();
  await expect(reloaded.locator('.lc-message').filter({ hasText: 'Anything else you need?' }).getByText('Seen')).toBeVisible();
  await expect(reloaded.getByText('Seen')).toHaveCount(1);

  await visitor.context().close();
  await desk.context().close();
});
