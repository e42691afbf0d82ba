import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { test } from './support/test.js';
import { ADMIN, openChat, rpc, send, visitorSession } from './widget-support.js';

/** A real 2×1 PNG, built byte by byte (signature, IHDR, IDAT, IEND with CRCs). */
function png(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (table[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.from([0, 0, 0, 2, 0, 0, 0, 1, 8, 2, 0, 0, 0])),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0, 0, 0, 255]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from(
  '%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function downloadFrom(page: Page, trigger: () => Promise<void>) {
  // The viewer downloads through a new browsing context, so the download may belong to a popup.
  const fromPopup = page.context().waitForEvent('page').then((popup) => popup.waitForEvent('download'));
  const [download] = await Promise.all([Promise.race([page.waitForEvent('download'), fromPopup]), trigger()]);
  return download;
}

test('an operator’s files reach a host page on another origin, open in the viewer and download', async ({ page, playwright, baseURL }) => {
  // The widget's server is reached as localhost while the host page is 127.0.0.1: two origins.
  const server = new URL(baseURL as string);
  server.hostname = 'localhost';
  const operator = await playwright.request.newContext({ baseURL: server.origin });
  await rpc(operator, '/web/session/authenticate', ADMIN);

  await page.goto('/cross-origin.html');
  const chat = await openChat(page);
  await send(page, 'Can you send me the chart?');
  await expect(chat.getByRole('log').getByText('Can you send me the chart?')).toBeVisible();
  const session = await visitorSession(page);

  const image = png();
  const upload = await operator.post('/im_livechat/operator/upload_attachment', {
    multipart: {
      session_id: String(session.id),
      body: 'Here you are',
      chart: { name: 'chart.png', mimeType: 'image/png', buffer: image },
      report: { name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(upload.status(), await upload.text()).toBe(200);

  // The history a returning visitor loads carries the message as well as the bus does; reloading keeps
  // this test about attachments rather than about live delivery (covered by the chat tests).
  await page.reload();
  const thumbnail = page.getByRole('dialog', { name: 'Administrator' }).getByRole('button', { name: 'chart.png' });
  await expect(thumbnail).toBeVisible();
  await thumbnail.click();
  const viewer = page.getByRole('dialog', { name: 'chart.png' });
  await expect(viewer).toBeVisible();
  const shown = viewer.getByRole('img', { name: 'chart.png' });
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth), { message: 'the image loaded across origins' }).toBe(2);
  expect(new URL(await shown.getAttribute('src') as string).origin).toBe(server.origin);

  const download = await downloadFrom(page, () => viewer.getByRole('button', { name: 'Download' }).click());
  expect(download.suggestedFilename()).toBe('chart.png');
  const saved = await download.createReadStream();
  const bytes: Buffer[] = [];
  for await (const chunk of saved) bytes.push(chunk as Buffer);
  expect(Buffer.concat(bytes).equals(image)).toBe(true);

  await page.keyboard.press('ArrowRight');
  const pdfViewer = page.getByRole('dialog', { name: 'report.pdf' });
  await expect(pdfViewer).toBeVisible();
  const frameUrl = await pdfViewer.locator('iframe').getAttribute('src');
  await expect.poll(() => page.frames().some((f) => f.url() === frameUrl), { message: 'the PDF loaded in a frame' }).toBe(true);

  await page.keyboard.press('Escape');
  await expect(pdfViewer).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Administrator' }), 'Escape closed only the viewer').toBeVisible();
  await operator.dispose();
});
