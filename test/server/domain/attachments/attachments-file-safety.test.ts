/**
 * What an uploaded file is stored and served as, for operators' and visitors' uploads alike: the type
 * comes from the whole content and an allow-list of extensions, anything else is opaque bytes saved under
 * a name no desktop runs, and pictures stay within a pixel budget read from their header.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { MessageAttachment } from '../../../../src/protocol/livechat.js';
import { VISITOR_UPLOAD_ROUTE } from '../../../../src/protocol/visitor-upload.js';
import { attachmentAccessToken } from '../../../../src/server/domain/attachments/access.js';
import { opaqueName } from '../../../../src/server/domain/attachments/naming.js';
import { ConfigError, loadConfig } from '../../../../src/server/core/config/config.js';
import { describeEachEngine, rootDir, type Harness } from '../../support/harness.js';
import { multipart, pathOf, tinyPdf, tinyPng } from '../../support/multipart.js';
import { OPERATOR_UPLOAD_ROUTE } from '../../../../src/protocol/console/routes.js';

type Answer = { attachments?: MessageAttachment[]; error?: { code: string; message: string } };
type Visitor = Awaited<ReturnType<Harness['visitorSession']>>;

async function byOperator(h: Harness, v: Visitor, value: string | Buffer, filename: string) {
  const { body, contentType } = multipart([
    { name: 'session_id', value: String(v.session.id) },
    { name: 'ufile', value, filename, contentType: 'text/plain' },
  ]);
  const res = await h.app.inject({ method: 'POST', url: OPERATOR_UPLOAD_ROUTE, headers: { cookie: v.cookie, 'content-type': contentType }, payload: body });
  return { status: res.statusCode, json: res.json() as Answer };
}

async function byVisitor(h: Harness, v: Visitor, value: string | Buffer, filename: string) {
  const { body, contentType } = multipart([
    { name: 'uuid', value: v.session.uuid },
    { name: 'file', value, filename, contentType: 'text/plain' },
  ]);
  const res = await h.app.inject({ method: 'POST', url: VISITOR_UPLOAD_ROUTE, headers: { 'content-type': contentType }, payload: body });
  return { status: res.statusCode, json: res.json() as Answer };
}

/** The served file as the visitor's widget asks for it: the view address (no `download=true`). */
async function viewed(h: Harness, url: string) {
  const u = new URL(url);
  u.searchParams.delete('download');
  return h.app.inject({ method: 'GET', url: pathOf(u.toString()) });
}

async function storedCount(h: Harness, sessionId: number): Promise<number> {
  return (await h.app.store.listMessages(sessionId, 100)).reduce((n, m) => n + m.attachments.length, 0);
}

const u16le = (n: number) => Buffer.from([n & 0xff, n >> 8]);
const u24le = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, n >> 16]);

/** Headers announcing `width`×`height`, each enough for a browser to allocate the whole picture. */
function gifHeader(width: number, height: number): Buffer {
  return Buffer.concat([Buffer.from('GIF89a'), u16le(width), u16le(height), Buffer.from([0, 0, 0, 0x3b])]);
}
function webpHeader(width: number, height: number): Buffer {
  const chunk = Buffer.concat([Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0, 0, 0, 0, 0]), u24le(width - 1), u24le(height - 1)]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), chunk]);
}
function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof0 = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0, Buffer.from([0xff, 0xd9])]);
}

/** Text for its first 9 KB (past the old 8 KB window), then an executable's bytes. */
const textThenBinary = Buffer.concat([Buffer.from('hello\n'.repeat(1536)), Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00])]);

describeEachEngine('attachment file safety', (h) => {
  it('an operator’s file outside the allow-list is stored as opaque bytes under a name no desktop runs, and only downloaded', async () => {
    const v = await h.visitorSession();
    const cases: [string | Buffer, string, string][] = [
      ['<script>new ActiveXObject("WScript.Shell").Run("calc")</script>', 'invoice.hta', 'invoice_hta.bin'],
      ['WScript.Echo("hi")', 'update.js', 'update_js.bin'],
      ['@echo off\r\ndel /q *\r\n', 'run.BAT', 'run_BAT.bin'],
      [tinyPdf(), 'doc.pdf.exe', 'doc.pdf_exe.bin'],
      [Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'setup.exe', 'setup_exe.bin'],
      ['mshta', 'trailing.exe. . ', 'trailing_exe.bin'],
      ['mshta', '.hta', '_hta.bin'],
      ['plain', 'x.constructor', 'x_constructor.bin'],
      ['plain', 'y.__proto__', 'y___proto__.bin'],
      [Buffer.from([0, 1, 2, 254]), 'blob', 'blob.bin'],
      [Buffer.from([0, 1, 2, 254]), 'blob.bin', 'blob.bin'],
    ];
    for (const [value, given, stored] of cases) {
      const { status, json } = await byOperator(h, v, value, given);
      assert.equal(status, 200, given);
      const a = json.attachments?.[0];
      assert.deepEqual([a?.name, a?.mimetype], [stored, 'application/octet-stream'], given);
      const served = await viewed(h, a!.url);
      assert.equal(served.headers['content-type'], 'application/octet-stream', given);
      assert.match(String(served.headers['content-disposition']), new RegExp(`^attachment; filename="${stored.replace(/\./g, '\\.')}"`), given);
    }
    for (const [value, name, type] of [
      ['line one\n', 'notes.txt', 'text/plain'],
      [tinyPdf(), 'scan', 'application/pdf'],
      [tinyPng(), 'photo.PNG', 'image/png'],
    ] as const) {
      const a = (await byOperator(h, v, value, name)).json.attachments?.[0];
      assert.deepEqual([a?.name, a?.mimetype], [name, type], 'listed types keep their name and type');
    }
  });

  it('text is judged on the whole file: binary bytes after the first 8 KB make it opaque, a character across the old window does not', async () => {
    const v = await h.visitorSession();
    const disguised = await byOperator(h, v, textThenBinary, 'notes.txt');
    assert.deepEqual([disguised.status, disguised.json.error?.code], [415, 'mimetype_mismatch']);
    const badUtf8 = await byOperator(h, v, Buffer.concat([Buffer.from('a'.repeat(9000)), Buffer.from([0xc3, 0x28])]), 'notes.txt');
    assert.equal(badUtf8.json.error?.code, 'mimetype_mismatch', 'invalid UTF-8 past 8 KB');
    const unnamed = await byOperator(h, v, textThenBinary, 'README');
    assert.deepEqual([unnamed.json.attachments?.[0]?.name, unnamed.json.attachments?.[0]?.mimetype], ['README.bin', 'application/octet-stream']);
    const accented = Buffer.concat([Buffer.from('a'.repeat(8191)), Buffer.from('été\n\ttab, colours \u001b[31mred\u001b[0m\r\n')]);
    assert.equal((await byOperator(h, v, accented, 'log.txt')).json.attachments?.[0]?.mimetype, 'text/plain');
  });

  it('a file stored before the allow-list is served by its name again: never inline, never under a runnable name', async () => {
    const v = await h.visitorSession();
    const now = h.app.clock.now();
    const message = await h.app.store.insertMessage({ session_id: v.session.id, body: '', author_operator_id: null }, now);
    const data = Buffer.from('<script>alert(1)</script>');
    const row = await h.app.store.createAttachment({ session_id: v.session.id, message_id: message.id, name: 'run.hta', mimetype: 'text/plain', type: 'file', url: null, data, file_size: data.length }, now);
    const served = await h.app.inject({ method: 'GET', url: `/web/content/${row.public_id}?access_token=${attachmentAccessToken(row.public_id, v.session.uuid)}` });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'application/octet-stream');
    assert.match(String(served.headers['content-disposition']), /^attachment; filename="run_hta\.bin"/);
  });

  it('a visitor’s file is judged the same way and then against the channel’s types', async () => {
    const v = await h.visitorSession();
    const script = await byVisitor(h, v, 'alert(document.cookie)', 'helper.js');
    assert.deepEqual([script.status, script.json.error?.code], [415, 'type_not_allowed'], 'a script is not plain text');
    const disguised = await byVisitor(h, v, textThenBinary, 'notes.txt');
    assert.deepEqual([disguised.status, disguised.json.error?.code], [415, 'mimetype_mismatch']);
    assert.equal(await storedCount(h, v.session.id), 0);
    await h.app.store.updateChannel(v.channel.id, { visitor_upload_types: 'application/octet-stream' });
    const opaque = await byVisitor(h, v, tinyPdf(), 'doc.pdf.exe');
    assert.equal(opaque.status, 200, JSON.stringify(opaque.json));
    assert.deepEqual([opaque.json.attachments?.[0]?.name, opaque.json.attachments?.[0]?.mimetype], ['doc.pdf_exe.bin', 'application/octet-stream']);
    const served = await viewed(h, opaque.json.attachments![0]!.url);
    assert.match(String(served.headers['content-disposition']), /^attachment; filename="doc\.pdf_exe\.bin"/);
  });

  it('refuses a picture announcing more than IMAGE_MAX_PIXELS (40 megapixels) from an operator, with a typed error', async () => {
    const v = await h.visitorSession();
    const bombs: [Buffer, string][] = [
      [tinyPng(20000, 20000), 'bomb.png'],
      [gifHeader(65535, 65535), 'bomb.gif'],
      [webpHeader(16000, 16000), 'bomb.webp'],
      [jpegHeader(65000, 65000), 'bomb.jpg'],
      [tinyPng(8000, 5001), 'just-over.png'],
    ];
    for (const [bytes, name] of bombs) {
      const { status, json } = await byOperator(h, v, bytes, name);
      assert.deepEqual([status, json.error?.code], [413, 'image_too_large'], name);
    }
    assert.deepEqual((await byOperator(h, v, tinyPng(20000, 20000), 'bomb.png')).json.error, {
      code: 'image_too_large',
      message: 'The picture is too large: 20000 × 20000 pixels, at most 40 megapixels',
    });
    assert.equal(await storedCount(h, v.session.id), 0);
    for (const [bytes, name] of [
      [tinyPng(8000, 5000), 'at-limit.png'],
      [gifHeader(100, 100), 'small.gif'],
      [webpHeader(640, 480), 'small.webp'],
      [jpegHeader(1024, 768), 'small.jpg'],
    ] as const) {
      assert.equal((await byOperator(h, v, bytes, name)).status, 200, name);
    }
    const truncated = await byOperator(h, v, tinyPng().subarray(0, 20), 'cut.png');
    assert.deepEqual([truncated.status, truncated.json.error?.code], [415, 'mimetype_mismatch'], 'a header that cannot be read tells no cost');
  });

  it('refuses a picture over the pixel budget from a visitor and stores nothing', async () => {
    const v = await h.visitorSession();
    const { status, json } = await byVisitor(h, v, tinyPng(20000, 20000), 'screenshot.png');
    assert.deepEqual([status, json.error?.code], [413, 'image_too_large']);
    assert.equal(await storedCount(h, v.session.id), 0);
    assert.equal((await byVisitor(h, v, tinyPng(), 'screenshot.png')).status, 200);
  });
});

describeEachEngine(
  'attachment pixel budget from the environment',
  (h) => {
    it('IMAGE_MAX_PIXELS sets the budget: exactly the budget is accepted', async () => {
      const v = await h.visitorSession();
      assert.equal((await byOperator(h, v, tinyPng(10, 10), 'fits.png')).status, 200);
      assert.deepEqual((await byVisitor(h, v, tinyPng(11, 10), 'over.png')).json.error, { code: 'image_too_large', message: 'The picture is too large: 11 × 10 pixels, at most 100 pixels' });
    });
  },
  { IMAGE_MAX_PIXELS: '100' },
);

it('IMAGE_MAX_PIXELS defaults to 40 million and must be a positive integer', () => {
  assert.equal(loadConfig({}, rootDir).imageMaxPixels, 40_000_000);
  assert.equal(loadConfig({ IMAGE_MAX_PIXELS: '1000' }, rootDir).imageMaxPixels, 1000);
  assert.throws(() => loadConfig({ IMAGE_MAX_PIXELS: '40MP' }, rootDir), ConfigError);
});

it('an opaque name folds the extension in and ends in .bin, once', () => {
  assert.equal(opaqueName('doc.pdf.exe'), 'doc.pdf_exe.bin');
  assert.equal(opaqueName(opaqueName('doc.pdf.exe')), 'doc.pdf_exe.bin');
  assert.equal(opaqueName('...'), 'unnamed.bin');
  const long = opaqueName(`${'x'.repeat(300)}.exe`);
  assert.equal(long.length, 255);
  assert.ok(long.endsWith('x_exe.bin'));
});
