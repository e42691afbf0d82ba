import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './support/axe.js';
import { test } from './support/test.js';
import { BUTTON, PIXEL_PNG, consoleLoggedIn, openChat, operatorLogsIn, rpc, send } from './widget-support.js';

// Issue 15 against the built server: the visitor sends files with the real widget (its "Attach a file"
// button and the browser's file chooser, a paste into the composer, a drop on the window), the operator
// sees them in the real console, reads the conversation there, and the visitor sees "Seen", also after
// a reload. Channel 1 is shared by every spec, so its upload settings are put back afterwards.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const UPLOAD_ROUTE = '**/im_livechat/upload_attachment';
type FileSpec = { name: string; mimeType: string; buffer: Buffer };

// axe is injected as an inline script, which the demo page's Content-Security-Policy (rightly) blocks.
test.use({ bypassCSP: true });

test.afterEach(async ({ request }) => {
  await operatorLogsIn(request);
  await rpc(request, '/im_livechat/operator/admin/update_channel', { channel_id: 1, values: { visitor_uploads: true, visitor_upload_max_bytes: 10 * 1024 * 1024 } });
});

/** The visitor clicks "Attach a file" and picks `file` in the browser's chooser. */
async function attach(visitor: Page, file: FileSpec): Promise<void> {
  const chooser = visitor.waitForEvent('filechooser');
  await visitor.getByRole('button', { name: 'Attach a file' }).click();
  await (await chooser).setFiles(file);
}

/** Builds a DataTransfer holding `file` in the page, as the clipboard or a drag from the desktop would. */
function inPage(file: FileSpec) {
  return { name: file.name, type: file.mimeType, base64: file.buffer.toString('base64') };
}

/** The visitor pastes `file` (copied from another application) into the composer. */
async function paste(visitor: Page, file: FileSpec): Promise<void> {
  await visitor.getByRole('textbox', { name: 'Ask something ...' }).evaluate((field, f) => {
    const data = new DataTransfer();
    data.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    field.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true }));
  }, inPage(file));
}

/** The visitor drags `file` from the desktop and drops it on `target`. */
async function drop(target: Locator, file: FileSpec): Promise<void> {
  await target.evaluate((el, f) => {
    const data = new DataTransfer();
    data.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    for (const type of ['dragenter', 'dragover', 'drop']) el.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true, composed: true }));
  }, inPage(file));
}

test('a visitor attaches a picture, pastes a PDF and drops another picture: progress, then previews; the operator sees them, reads, and the visitor sees "Seen"', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const desk = await consoleLoggedIn(browser);
  await expect.poll(async () => (await rpc<{ available_for_me: boolean }>(request, '/im_livechat/init', { channel_id: 1 })).available_for_me).toBe(true);

  const visitor = await (await browser.newContext({ bypassCSP: true })).newPage();
  await visitor.goto('/');
  const chat = await openChat(visitor);
  const log = chat.getByRole('log');

  // The first upload is held on its way to the (real) server until the progress bar has been seen and
  // checked with axe: a 70-byte picture over loopback is otherwise stored before anyone could see it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await visitor.route(UPLOAD_ROUTE, async (route) => {
    await released;
    await route.continue();
  });
  await attach(visitor, { name: 'screenshot.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(log.getByRole('progressbar', { name: 'Sending screenshot.png' })).toBeVisible({ timeout: 15_000 });
  expect(await axeViolations(visitor), 'a file being sent').toEqual([]);
  release();
  await expect(log.getByRole('img', { name: 'screenshot.png' })).toBeVisible();
  await expect(log.getByRole('progressbar')).toHaveCount(0);
  await visitor.unroute(UPLOAD_ROUTE);

  await paste(visitor, { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(log.getByRole('button', { name: 'invoice.pdf' })).toBeVisible();
  await drop(chat, { name: 'dropped.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(log.getByRole('img', { name: 'dropped.png' })).toBeVisible();
  await expect(log.getByRole('progressbar')).toHaveCount(0);

  await send(visitor, 'Here are my invoice and a screenshot');
  await expect(log.getByText('Here are my invoice and a screenshot')).toBeVisible();
  await expect(log.getByText('Seen')).toHaveCount(0);

  // The operator opens the conversation: every file is there, the pictures previewed.
  await desk.getByRole('button', { name: /Here are my invoice and a screenshot/ }).click();
  const thread = desk.getByRole('list', { name: /^Messages with / });
  await expect(thread.getByRole('img', { name: 'screenshot.png' })).toBeVisible();
  await expect(thread.getByRole('img', { name: 'dropped.png' })).toBeVisible();
  const pdfLink = thread.getByRole('link', { name: /invoice\.pdf/ });
  await expect(pdfLink).toBeVisible();
  const pdf = await desk.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(Buffer.from(await pdf.body())).toEqual(PDF);

  // Having it on screen in the console puts "Seen" under the visitor's last message, and only there.
  const lastMessage = log.locator('.lc-message').filter({ hasText: 'Here are my invoice and a screenshot' });
  await expect(lastMessage.getByText('Seen')).toBeVisible();
  await expect(log.getByText('Seen')).toHaveCount(1);
  expect(await axeViolations(visitor), '"Seen" under the last message').toEqual([]);

  // After a reload the widget comes back with the conversation, still "Seen".
  await visitor.reload();
  const reloaded = visitor.getByRole('dialog').getByRole('log');
  await expect(reloaded.locator('.lc-message').filter({ hasText: 'Here are my invoice and a screenshot' }).getByText('Seen')).toBeVisible({ timeout: 15_000 });
  // The reopened chat learns the channel's upload setting from the init answer that arrives beside it.
  await expect(visitor.getByRole('dialog').getByRole('button', { name: 'Attach a file' })).toBeVisible();

  // A new message waits for its own receipt, which comes as soon as the operator has it on screen.
  await send(visitor, 'Anything else you need?');
  await expect(thread.getByText('Anything else you need?')).toBeVisible();
  await expect(reloaded.locator('.lc-message').filter({ hasText: 'Anything else you need?' }).getByText('Seen')).toBeVisible();
  await expect(reloaded.getByText('Seen')).toHaveCount(1);

  await visitor.context().close();
  await desk.context().close();
});

test('a file too large or of a refused type says why, offers no Retry, and what the visitor was typing stays', async ({ browser, request }) => {
  test.setTimeout(60_000);
  await operatorLogsIn(request);
  // The admin lowers the channel's limit to 1 MB (the default is 10 MB).
  await rpc(request, '/im_livechat/operator/admin/update_channel', { channel_id: 1, values: { visitor_upload_max_bytes: 1024 * 1024 } });
  const visitor = await (await browser.newContext({ bypassCSP: true })).newPage();
  await visitor.goto('/');
  const chat = await openChat(visitor);
  const log = chat.getByRole('log');
  await send(visitor, 'Hello, a question about my order');
  await expect(log.getByText('Hello, a question about my order')).toBeVisible();
  const box = visitor.getByRole('textbox', { name: 'Ask something ...' });
  await box.fill('My order number is 4521');

  // Over the channel's 1 MB: refused before a byte is sent.
  const uploads: string[] = [];
  visitor.on('request', (r) => r.url().includes('/im_livechat/upload_attachment') && uploads.push(r.url()));
  await attach(visitor, { name: 'holiday-video.png', mimeType: 'image/png', buffer: Buffer.alloc(1024 * 1024 + 1) });
  await expect(log.getByText('Not sent: larger than 1.00 Mb')).toBeVisible();
  expect(uploads).toEqual([]);
  // A page pretending to be a picture: the server reads its bytes and refuses it.
  await attach(visitor, { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await expect(log.getByText('Not sent: file type not accepted')).toBeVisible();
  expect(uploads).toHaveLength(1);

  await expect(log.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(box).toHaveValue('My order number is 4521');
  expect(await axeViolations(visitor), 'refused files').toEqual([]);
  await box.press('Enter');
  await expect(log.getByText('My order number is 4521')).toBeVisible();
  await visitor.context().close();
});

test('a channel with visitor uploads off shows no "Attach a file" button and takes no dropped file', async ({ page, request }) => {
  await operatorLogsIn(request);
  await rpc(request, '/im_livechat/operator/admin/update_channel', { channel_id: 1, values: { visitor_uploads: false } });
  await page.goto('/');
  await expect(page.getByRole('button', { name: BUTTON })).toBeVisible();
  const chat = await openChat(page);
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Attach a file' })).toHaveCount(0);
  await drop(chat, { name: 'dropped.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await page.getByRole('textbox', { name: 'Ask something ...' }).fill('still here');
  await expect(chat.getByRole('log').getByText('dropped.png')).toHaveCount(0);
  expect(await axeViolations(page), 'composer without Attach').toEqual([]);
});
