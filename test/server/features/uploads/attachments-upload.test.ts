import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel, type ChatMessage, type MessageAttachment } from '../../../../src/protocol/livechat.js';
import { ConfigError, loadConfig } from '../../../../src/server/core/config/config.js';
import { cleanAttachmentName } from '../../../../src/server/domain/attachments/naming.js';
import { describeEachEngine, rootDir, type Harness } from '../../support/harness.js';
import { multipart, pathOf, tinyPng, type Part } from '../../support/multipart.js';
import { ATTACH_URL_ROUTE, OPERATOR_UPLOAD_ROUTE } from '../../../../src/protocol/console/routes.js';

const MAX_BYTES = 64 * 1024;

async function upload(h: Harness, parts: Part[], headers: Record<string, string> = {}) {
  const { body, contentType } = multipart(parts);
  const res = await h.app.inject({ method: 'POST', url: OPERATOR_UPLOAD_ROUTE, headers: { 'content-type': contentType, ...headers }, payload: body });
  return { res, json: res.json() as { message_id?: number; attachments?: MessageAttachment[]; error?: { code: string; message: string } } };
}

async function lastOn(h: Harness, channel: string): Promise<ChatMessage | undefined> {
  const rows = await h.app.busStore.listNotifications({ channels: [channel] });
  const last = rows.at(-1);
  return last ? (JSON.parse(last.message) as ChatMessage) : undefined;
}

describeEachEngine(
  'attachment upload',
  (h) => {
    it('an operator uploads files to a conversation: one message with absolute URLs reaches the visitor', async () => {
      const { session, cookie } = await h.visitorSession({ name: 'Ada' });
      const png = tinyPng();
      const { res, json } = await upload(
        h,
        [
          { name: 'session_id', value: String(session.id) },
          { name: 'body', value: 'Here is the screenshot' },
          // The browser's claimed type is ignored: the bytes decide.
          { name: 'ufile', value: png, filename: 'screen.png', contentType: 'text/html' },
          { name: 'ufile', value: 'line one\nline two\n', filename: 'notes.txt', contentType: 'text/plain' },
        ],
        { cookie },
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(json.attachments?.length, 2);
      const seen = await lastOn(h, BusChannel.visitor(session.uuid));
      assert.equal(seen?.id, json.message_id);
      assert.match(seen?.body ?? '', /Here is the screenshot/);
      const [image, text] = seen?.attachment_ids ?? [];
      assert.deepEqual(
        { name: image?.name, mimetype: image?.mimetype, type: image?.type, size: image?.file_size },
        { name: 'screen.png', mimetype: 'image/png', type: 'file', size: png.length },
      );
      assert.equal(text?.mimetype, 'text/plain');
      assert.match(image?.url ?? '', /^http:\/\/localhost(:\d+)?\/web\/content\/[A-Za-z0-9_-]{22}\?download=true&access_token=[A-Za-z0-9_-]{43}$/);
      const served = await h.app.inject({ method: 'GET', url: pathOf(image!.url) });
      assert.equal(served.statusCode, 200);
      assert.deepEqual(served.rawPayload, png);
    });

    it('refuses a file over the configured limit with a clear error and stores nothing', async () => {
      const { session, cookie } = await h.visitorSession();
      const before = await h.app.store.listMessages(session.id, 100);
      const { res, json } = await upload(
        h,
        [
          { name: 'session_id', value: String(session.id) },
          { name: 'ufile', value: Buffer.alloc(MAX_BYTES + 1, 0x61), filename: 'big.txt' },
        ],
        { cookie },
      );
      assert.equal(res.statusCode, 413);
      assert.deepEqual(json.error, { code: 'file_too_large', message: 'The file is too large: at most 65536 bytes per file' });
      assert.equal((await h.app.store.listMessages(session.id, 100)).length, before.length);
      const atLimit = await upload(h, [{ name: 'session_id', value: String(session.id) }, { name: 'ufile', value: Buffer.alloc(MAX_BYTES, 0x61), filename: 'fits.txt' }], { cookie });
      assert.equal(atLimit.res.statusCode, 200, 'exactly the limit is accepted');
    });

    it('accepts uploads only from an operator of the conversation, with the cookie, from the same origin', async () => {
      const { session, cookie } = await h.visitorSession();
      const parts = () => [
        { name: 'session_id', value: String(session.id) },
        { name: 'ufile', value: 'hello', filename: 'a.txt' },
      ];
      assert.equal((await upload(h, parts())).json.error?.code, 'session_expired', 'no cookie');
      assert.equal((await upload(h, parts(), { cookie, origin: 'https://evil.example' })).json.error?.code, 'session_expired', 'a foreign page cannot use the cookie');
      const stranger = await h.channelWithOperator();
      const foreign = await upload(h, parts(), { cookie: stranger.cookie });
      assert.equal(foreign.res.statusCode, 404);
      assert.equal(foreign.json.error?.code, 'not_found');
      const unknown = await upload(h, [{ name: 'session_id', value: '987654' }, { name: 'ufile', value: 'x', filename: 'x.txt' }], { cookie: stranger.cookie });
      assert.deepEqual(unknown.json, foreign.json, 'someone else’s conversation looks like a missing one');
      const notMultipart = await h.app.inject({ method: 'POST', url: OPERATOR_UPLOAD_ROUTE, headers: { cookie, 'content-type': 'application/json' }, payload: '{}' });
      assert.equal(notMultipart.statusCode, 400);
      const noFile = await upload(h, [{ name: 'session_id', value: String(session.id) }], { cookie });
      assert.deepEqual(noFile.json.error, { code: 'invalid', message: 'No file was sent' });
    });

    it('checks the sniffed type against the name and records markup as markup', async () => {
      const { session, cookie } = await h.visitorSession();
      const send = (value: string | Buffer, filename: string) => upload(h, [{ name: 'session_id', value: String(session.id) }, { name: 'ufile', value, filename, contentType: 'image/png' }], { cookie });
      const fakePng = await send('<html><script>alert(1)</script></html>', 'cat.png');
      assert.equal(fakePng.res.statusCode, 415);
      assert.equal(fakePng.json.error?.code, 'mimetype_mismatch');
      assert.match(fakePng.json.error?.message ?? '', /cat\.png.*does not match its name.*text\/html/);
      const fakePdf = await send(tinyPng(), 'report.pdf');
      assert.equal(fakePdf.json.error?.code, 'mimetype_mismatch');
      const svgAsText = await send('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'drawing.txt');
      assert.equal(svgAsText.json.attachments?.[0]?.mimetype, 'image/svg+xml');
      const noExtension = await send('%PDF-1.4\n%%EOF\n', 'scan');
      assert.equal(noExtension.json.attachments?.[0]?.mimetype, 'application/pdf');
      const binary = await send(Buffer.from([0, 1, 2, 3, 254, 255]), 'blob.bin');
      assert.equal(binary.json.attachments?.[0]?.mimetype, 'application/octet-stream');
      const unnamed = await send('just text', '');
      assert.equal(unnamed.json.attachments?.[0]?.name, 'unnamed');
    });

    it('attaches a URL-type link to a video or an image; only http(s) addresses', async () => {
      const { session, cookie } = await h.visitorSession();
      const video = await h.call<{ attachments: MessageAttachment[] }>(ATTACH_URL_ROUTE, { session_id: session.id, url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }, { cookie });
      assert.deepEqual(video.attachments.map((a) => [a.type, a.mimetype, a.url]), [['url', 'video/youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ']]);
      const image = await h.call<{ attachments: MessageAttachment[] }>(ATTACH_URL_ROUTE, { session_id: session.id, url: 'https://cdn.example/photos/sunset%20beach.JPG' }, { cookie });
      assert.deepEqual(image.attachments.map((a) => [a.name, a.mimetype]), [['sunset beach.JPG', 'image/jpeg']]);
      const seen = await lastOn(h, BusChannel.visitor(session.uuid));
      assert.equal(seen?.attachment_ids[0]?.url, 'https://cdn.example/photos/sunset%20beach.JPG');
      for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'not a url']) {
        const bad = await h.rpc(ATTACH_URL_ROUTE, { session_id: session.id, url }, { cookie });
        assert.equal(bad.body.error?.data.exception_type, 'validation_error', url);
      }
      const anonymous = await h.rpc(ATTACH_URL_ROUTE, { session_id: session.id, url: 'https://x.example/a.png' });
      assert.equal(anonymous.body.error?.code, 100);
    });
  },
  { ATTACHMENT_MAX_BYTES: String(MAX_BYTES) },
);

it('ATTACHMENT_MAX_BYTES defaults to 25 MB and must be a positive integer', () => {
  assert.equal(loadConfig({}, rootDir).attachmentMaxBytes, 25 * 1024 * 1024);
  assert.equal(loadConfig({ ATTACHMENT_MAX_BYTES: '1000' }, rootDir).attachmentMaxBytes, 1000);
  assert.throws(() => loadConfig({ ATTACHMENT_MAX_BYTES: '25MB' }, rootDir), ConfigError);
});

it('file names lose folders and control characters, and default to "unnamed"', () => {
  assert.equal(cleanAttachmentName('C:\\fakepath\\report.pdf'), 'report.pdf');
  assert.equal(cleanAttachmentName('../../etc/passwd'), 'passwd');
  assert.equal(cleanAttachmentName('a\r\nb.txt'), 'ab.txt');
  assert.equal(cleanAttachmentName(''), 'unnamed');
  assert.equal(cleanAttachmentName(undefined), 'unnamed');
  assert.equal(cleanAttachmentName(`${'x'.repeat(300)}.png`).length, 255);
  assert.ok(cleanAttachmentName(`${'x'.repeat(300)}.png`).endsWith('.png'));
});
