/**
 * Issue 15: visitors send files into their conversation. Tried as a visitor and as an attacker would:
 * oversized, wrong or disguised types, hostile names and field names, other people's conversations, more
 * than a conversation may hold, faster than allowed, from a site that may not embed the chat.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel, type ChatMessage, type InitResult, type MessageAttachment } from '../../../../src/protocol/livechat.js';
import { VISITOR_UPLOAD_ROUTE } from '../../../../src/protocol/visitor-upload.js';
import type { ConversationDetail } from '../../../../src/protocol/operator-console.js';
import { ConfigError, loadConfig } from '../../../../src/server/core/config/config.js';
import { describeEachEngine, rootDir, type Harness } from '../../support/harness.js';
import { multipart, pathOf, tinyPdf, tinyPng, type Part } from '../../support/multipart.js';
import { CLOSE_SESSION_ROUTE, CONVERSATION_ROUTE, OPERATOR_UPLOAD_ROUTE } from '../../../../src/protocol/console/routes.js';
import { INIT_ROUTE } from '../../../../src/protocol/routes.js';

type Answer = { message_id?: number; attachments?: MessageAttachment[]; error?: { code: string; message: string } };

async function upload(h: Harness, parts: Part[], options: { headers?: Record<string, string>; address?: string } = {}) {
  const { body, contentType } = multipart(parts);
  const res = await h.app.inject({
    method: 'POST',
    url: VISITOR_UPLOAD_ROUTE,
    remoteAddress: options.address ?? '127.0.0.1',
    headers: { 'content-type': contentType, ...options.headers },
    payload: body,
  });
  return { res, json: res.json() as Answer };
}

/** The fields a widget sends before its file, then the file. */
const filePart = (uuid: string, value: Buffer | string, filename: string, extra: Part[] = []): Part[] => [{ name: 'uuid', value: uuid }, ...extra, { name: 'file', value, filename, contentType: 'application/octet-stream' }];

async function storedFiles(h: Harness, sessionId: number): Promise<number> {
  return (await h.app.store.listMessages(sessionId, 100)).reduce((n, m) => n + m.attachments.length, 0);
}

async function notifications(h: Harness, channel: string): Promise<Record<string, unknown>[]> {
  return (await h.app.busStore.listNotifications({ channels: [channel] })).map((n) => JSON.parse(n.message) as Record<string, unknown>);
}

describeEachEngine(
  'visitor uploads',
  (h) => {
    it('init announces the channel’s policy: on by default, its size within the server’s, off when an admin turns it off', async () => {
      const { channel } = await h.channelWithOperator();
      const init = await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id });
      // The channel's 10 MB default, within this server's ATTACHMENT_MAX_BYTES of 200,000.
      assert.deepEqual(init.options?.visitor_upload, { max_bytes: 200_000, types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'] });
      await h.app.store.updateChannel(channel.id, { visitor_upload_max_bytes: 150_000, visitor_upload_types: 'image/*' });
      h.app.availability.forget();
      assert.deepEqual((await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id })).options?.visitor_upload, { max_bytes: 150_000, types: ['image/*'] });
      await h.app.store.updateChannel(channel.id, { visitor_uploads: 0 });
      h.app.availability.forget();
      assert.equal((await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id })).options?.visitor_upload, false);
    });

    it('a visitor sends an image and a PDF: each is a message of the visitor, announced with its key and shown to the operator', async () => {
      const { session, operator, cookie } = await h.visitorSession();
      const png = tinyPng();
      const key = 'k'.repeat(20);
      const image = await upload(h, filePart(session.uuid, png, 'screenshot.png', [{ name: 'post_key', value: key }]));
      assert.equal(image.res.statusCode, 200, image.res.body);
      const pdf = await upload(h, filePart(session.uuid, tinyPdf(), 'invoice.pdf'));
      assert.equal(pdf.res.statusCode, 200, pdf.res.body);
      assert.deepEqual(
        [...(image.json.attachments ?? []), ...(pdf.json.attachments ?? [])].map((a) => [a.name, a.mimetype, a.file_size]),
        [
          ['screenshot.png', 'image/png', png.length],
          ['invoice.pdf', 'application/pdf', tinyPdf().length],
        ],
      );
      const announced = (await notifications(h, BusChannel.visitor(session.uuid))).filter((n) => n.id === image.json.message_id);
      assert.equal(announced.length, 1);
      assert.equal(announced[0]?.post_key, key, 'the widget replaces its pending upload by this message');
      assert.deepEqual(announced[0]?.author_id, [0, 'Visitor']);
      for (const channel of [BusChannel.session(session.id), BusChannel.operator(operator.id)]) {
        assert.ok((await notifications(h, channel)).some((n) => n.id === pdf.json.message_id), channel);
      }
      const detail = await h.call<ConversationDetail>(CONVERSATION_ROUTE, { session_id: session.id }, { cookie });
      const files = detail.messages.flatMap((m: ChatMessage) => m.attachment_ids.map((a) => a.name));
      assert.deepEqual(files, ['screenshot.png', 'invoice.pdf']);
      const served = await h.app.inject({ method: 'GET', url: pathOf(image.json.attachments![0]!.url).replace('download=true&', '') });
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], 'image/png');
      assert.deepEqual(served.rawPayload, png);
    });

    it('a retry with the same key is stored once', async () => {
      const { session } = await h.visitorSession();
      const parts = filePart(session.uuid, tinyPng(), 'again.png', [{ name: 'post_key', value: 'retry-key-0123456789' }]);
      const first = await upload(h, parts);
      const second = await upload(h, parts);
      assert.equal(second.json.message_id, first.json.message_id);
      assert.equal(await storedFiles(h, session.id), 1);
    });

    it('a retry sent while its first attempt still runs gets the same message, and one file is stored', async () => {
      const { session } = await h.visitorSession();
      const parts = filePart(session.uuid, tinyPng(), 'twice.png', [{ name: 'post_key', value: 'race-key-0123456789' }]);
      const answers = await Promise.all([upload(h, parts), upload(h, parts), upload(h, parts)]);
      for (const a of answers) assert.equal(a.res.statusCode, 200, JSON.stringify(a.json));
      assert.equal(new Set(answers.map((a) => a.json.message_id)).size, 1);
      assert.equal((await h.app.store.listMessages(session.id, 100)).length, 1);
    });

    it('refuses a file over the channel’s limit with its size in the message, stores nothing, and accepts exactly the limit', async () => {
      const { session, channel } = await h.visitorSession();
      await h.app.store.updateChannel(channel.id, { visitor_upload_max_bytes: 2048 });
      const over = await upload(h, filePart(session.uuid, Buffer.alloc(2049, 0x61), 'big.txt'));
      assert.equal(over.res.statusCode, 413);
      assert.deepEqual(over.json.error, { code: 'file_too_large', message: 'The file is too large: at most 2048 bytes per file' });
      const huge = await upload(h, filePart(session.uuid, Buffer.alloc(300_000, 0x61), 'huge.txt'));
      assert.equal(huge.json.error?.code, 'file_too_large', 'past the server’s own limit too');
      assert.equal(await storedFiles(h, session.id), 0);
      assert.equal((await upload(h, filePart(session.uuid, Buffer.alloc(2048, 0x61), 'fits.txt'))).res.statusCode, 200);
    });

    it('refuses types the channel does not accept, and markup even under a wildcard', async () => {
      const { session, channel } = await h.visitorSession();
      await h.app.store.updateChannel(channel.id, { visitor_upload_types: 'image/*,text/*' });
      const cases: [string | Buffer, string][] = [
        [tinyPdf(), 'report.pdf'],
        [Buffer.from('PK\u0003\u0004rest'), 'archive.zip'],
        ['<!doctype html><script>alert(1)</script>', 'page.html'],
        ['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'logo.svg'],
        ['<html><body>hi</body></html>', 'no-extension'],
      ];
      for (const [value, name] of cases) {
        const { res, json } = await upload(h, filePart(session.uuid, value, name));
        assert.equal(res.statusCode, 415, name);
        assert.equal(json.error?.code, 'type_not_allowed', name);
      }
      assert.equal(await storedFiles(h, session.id), 0);
      assert.equal((await upload(h, filePart(session.uuid, 'plain words', 'notes.txt'))).res.statusCode, 200);
    });

    it('refuses a file pretending to be an image, whatever the browser claims', async () => {
      const { session } = await h.visitorSession();
      const disguised: [string | Buffer, string][] = [
        ['<html><script>alert(document.cookie)</script></html>', 'cat.png'],
        ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'dog.jpg'],
        [tinyPdf(), 'photo.gif'],
        [Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'setup.webp'],
      ];
      for (const [value, name] of disguised) {
        const { res, json } = await upload(h, [{ name: 'uuid', value: session.uuid }, { name: 'file', value, filename: name, contentType: 'image/png' }]);
        assert.equal(res.statusCode, 415, name);
        assert.equal(json.error?.code, 'mimetype_mismatch', name);
      }
      assert.equal(await storedFiles(h, session.id), 0);
    });

    it('file names lose control characters, direction overrides and folders', async () => {
      const { session } = await h.visitorSession();
      const names: [string, string][] = [
        ['bell\u0007\u0000.png', 'bell.png'],
        ['C:\\fakepath\\..\\shot.png', 'shot.png'],
        ['invoice\u202Egnp.exe.png', 'invoicegnp.exe.png'],
        ['\u0001\u0002', 'unnamed'],
      ];
      for (const [given, stored] of names) {
        const { json } = await upload(h, filePart(session.uuid, tinyPng(), given));
        assert.equal(json.attachments?.[0]?.name, stored, JSON.stringify(given));
      }
    });

    it('prototype keys as field names or values never reach an object or a stored row', async () => {
      const { session } = await h.visitorSession();
      const proto = await upload(h, [{ name: '__proto__', value: session.uuid }, { name: 'file', value: tinyPng(), filename: 'a.png' }]);
      assert.deepEqual([proto.res.statusCode, proto.json.error?.code], [404, 'session_expired'], 'a field named __proto__ is not the uuid');
      const constructorField = await upload(h, [{ name: 'constructor', value: 'x' }, ...filePart(session.uuid, tinyPng(), 'b.png')]);
      assert.deepEqual([constructorField.res.statusCode, constructorField.json.error?.code], [400, 'invalid'], 'refused by the multipart layer');
      const unknownField = await upload(h, [{ name: 'note', value: 'x' }, ...filePart(session.uuid, tinyPng(), 'b.png')]);
      assert.equal(unknownField.res.statusCode, 200, 'an unknown field is ignored');
      const protoValue = await upload(h, [{ name: 'uuid', value: '__proto__' }, { name: 'file', value: tinyPng(), filename: 'c.png' }]);
      assert.equal(protoValue.json.error?.code, 'session_expired');
      const badKey = await upload(h, filePart(session.uuid, tinyPng(), 'd.png', [{ name: 'post_key', value: 'toString' }]));
      assert.equal(badKey.json.error?.code, 'invalid');
      assert.equal(await storedFiles(h, session.id), 1);
    });

    it('another visitor’s conversation: unknown, malformed and closed uuids read alike; a file serves only its own conversation', async () => {
      const a = await h.visitorSession();
      const b = await h.visitorSession();
      const uuids = ['4b3a2f1e-0d9c-4b8a-9f7e-6d5c4b3a2f1e', a.session.uuid.toUpperCase(), `${a.session.uuid}\u0000`, ''];
      const answers = await Promise.all(uuids.map((uuid) => upload(h, filePart(uuid, tinyPng(), 'x.png'))));
      for (const { res, json } of answers) assert.deepEqual([res.statusCode, json.error], [404, { code: 'session_expired', message: 'This conversation has ended' }]);
      const own = await upload(h, filePart(a.session.uuid, tinyPng(), 'private.png'));
      const url = own.json.attachments![0]!.url;
      const publicId = new URL(url).pathname.split('/').pop()!;
      const tokenOfB = new URL((await upload(h, filePart(b.session.uuid, tinyPng(), 'b.png'))).json.attachments![0]!.url).searchParams.get('access_token')!;
      for (const path of [`/web/content/${publicId}`, `/web/content/${publicId}?access_token=${tokenOfB}`]) {
        assert.equal((await h.app.inject({ method: 'GET', url: path })).statusCode, 404, path);
      }
      assert.equal((await h.app.inject({ method: 'GET', url: `/web/content/${publicId}`, headers: { cookie: b.cookie } })).statusCode, 404, 'another channel’s operator');
      assert.equal((await h.app.inject({ method: 'GET', url: `/web/content/${publicId}`, headers: { cookie: a.cookie } })).statusCode, 200, 'its own operator');
      await h.call(CLOSE_SESSION_ROUTE, { session_id: a.session.id }, { cookie: a.cookie });
      assert.equal((await upload(h, filePart(a.session.uuid, tinyPng(), 'late.png'))).json.error?.code, 'session_expired');
    });

    it('a conversation holds at most VISITOR_UPLOAD_SESSION_MAX_BYTES of visitor files; the operator’s do not count', async () => {
      const { session, cookie } = await h.visitorSession();
      const operatorFile = multipart([{ name: 'session_id', value: String(session.id) }, { name: 'f', value: Buffer.alloc(4000, 0x62), filename: 'op.txt' }]);
      const byOperator = await h.app.inject({ method: 'POST', url: OPERATOR_UPLOAD_ROUTE, headers: { cookie, 'content-type': operatorFile.contentType }, payload: operatorFile.body });
      assert.equal(byOperator.statusCode, 200);
      assert.equal((await upload(h, filePart(session.uuid, Buffer.alloc(3000, 0x61), 'one.txt'))).res.statusCode, 200);
      const over = await upload(h, filePart(session.uuid, Buffer.alloc(2001, 0x61), 'two.txt'));
      assert.equal(over.res.statusCode, 413);
      assert.deepEqual(over.json.error, { code: 'session_full', message: 'This conversation cannot take more files: at most 5000 bytes in all' });
      assert.equal((await upload(h, filePart(session.uuid, Buffer.alloc(2000, 0x61), 'fits.txt'))).res.statusCode, 200, 'exactly the room left');
      assert.equal((await upload(h, filePart(session.uuid, 'x', 'more.txt'))).json.error?.code, 'session_full');
    });

    it('uploads the channel turned off are refused before the file is read', async () => {
      const { session, channel } = await h.visitorSession();
      await h.app.store.updateChannel(channel.id, { visitor_uploads: 0 });
      const { res, json } = await upload(h, filePart(session.uuid, tinyPng(), 'a.png'));
      assert.deepEqual([res.statusCode, json.error?.code], [403, 'uploads_disabled']);
    });

    it('malformed requests get a clear error: not multipart, no file, two files, an empty file, the file before the session', async () => {
      const { session } = await h.visitorSession();
      const json = await h.app.inject({ method: 'POST', url: VISITOR_UPLOAD_ROUTE, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ uuid: session.uuid }) });
      assert.deepEqual([json.statusCode, (json.json() as Answer).error?.code], [400, 'invalid']);
      assert.deepEqual((await upload(h, [{ name: 'uuid', value: session.uuid }])).json.error, { code: 'invalid', message: 'No file was sent' });
      const two = await upload(h, [...filePart(session.uuid, tinyPng(), 'a.png'), { name: 'file2', value: tinyPng(), filename: 'b.png' }]);
      assert.deepEqual([two.res.statusCode, two.json.error?.code], [413, 'too_many_files']);
      assert.equal((await upload(h, filePart(session.uuid, '', 'empty.txt'))).json.error?.code, 'empty_file');
      const fileFirst = await upload(h, [{ name: 'file', value: tinyPng(), filename: 'a.png' }, { name: 'uuid', value: session.uuid }]);
      assert.equal(fileFirst.json.error?.code, 'session_expired');
      const hugeField = await upload(h, [{ name: 'uuid', value: session.uuid + 'x'.repeat(100_000) }, { name: 'file', value: tinyPng(), filename: 'a.png' }]);
      assert.ok([400, 404, 413].includes(hugeField.res.statusCode), String(hugeField.res.statusCode));
      const announcedTooLarge = await h.app.inject({ method: 'POST', url: VISITOR_UPLOAD_ROUTE, headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(10 * 1024 * 1024) }, payload: Buffer.alloc(0) });
      assert.equal((announcedTooLarge.json() as Answer).error?.code, 'file_too_large');
      assert.equal(await storedFiles(h, session.id), 0);
    });

    it('the operator is never served an HTML or SVG upload inline, even when an admin accepts those types by name', async () => {
      const { session, channel, cookie } = await h.visitorSession();
      await h.app.store.updateChannel(channel.id, { visitor_upload_types: 'text/html,image/svg+xml' });
      for (const [value, name] of [
        ['<!doctype html><script>parent.alert(1)</script>', 'page.html'],
        ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'vector.svg'],
      ]) {
        const { json } = await upload(h, filePart(session.uuid, value!, name!));
        const id = new URL(json.attachments![0]!.url).pathname.split('/').pop();
        for (const url of [`/web/content/${id}`, `/web/content/ir.attachment/${id}/datas`]) {
          const served = await h.app.inject({ method: 'GET', url, headers: { cookie } });
          assert.equal(served.statusCode, 200, url);
          assert.equal(served.headers['content-type'], 'application/octet-stream', `${name} ${url}`);
          assert.match(String(served.headers['content-disposition']), /^attachment;/);
          assert.equal(served.headers['x-content-type-options'], 'nosniff');
          assert.match(String(served.headers['content-security-policy']), /sandbox/);
        }
      }
    });
  },
  { ATTACHMENT_MAX_BYTES: '200000', VISITOR_UPLOAD_SESSION_MAX_BYTES: '5000', RATE_LIMIT_UPLOAD: '1000', SESSION_LIMIT_UPLOAD: '1000' },
);

describeEachEngine(
  'visitor uploads are limited per session and per address',
  (h) => {
    it('the 4th upload a minute of one conversation is refused with Retry-After, from any address', async () => {
      const { session } = await h.visitorSession();
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) codes.push((await upload(h, filePart(session.uuid, tinyPng(), `${i}.png`), { address: `192.0.2.${i}` })).res.statusCode);
      assert.deepEqual(codes, [200, 200, 200, 429]);
      const refused = await upload(h, filePart(session.uuid, tinyPng(), 'x.png'), { address: '192.0.2.9' });
      assert.equal(refused.json.error?.code, 'rate_limited');
      assert.ok(Number(refused.res.headers['retry-after']) > 0);
      h.clock.advance(60_001);
      assert.equal((await upload(h, filePart(session.uuid, tinyPng(), 'later.png'), { address: '192.0.2.10' })).res.statusCode, 200);
    });

    it('the 6th upload a minute from one address is refused whatever the conversation; another address is served', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const { session } = await h.visitorSession();
        codes.push((await upload(h, filePart(session.uuid, tinyPng(), 'a.png'), { address: '203.0.113.77' })).res.statusCode);
      }
      assert.deepEqual(codes, [200, 200, 200, 200, 200, 429]);
      const { session } = await h.visitorSession();
      assert.equal((await upload(h, filePart(session.uuid, tinyPng(), 'a.png'), { address: '203.0.113.78' })).res.statusCode, 200);
    });
  },
  { SESSION_LIMIT_UPLOAD: '3', RATE_LIMIT_UPLOAD: '5' },
);

describeEachEngine(
  'visitor uploads from embedding sites',
  (h) => {
    it('answers the pre-flight of an allowed site and refuses a site that may not embed the chat', async () => {
      const { session } = await h.visitorSession();
      const preflight = await h.app.inject({ method: 'OPTIONS', url: VISITOR_UPLOAD_ROUTE, headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' } });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], 'https://shop.example');
      const allowed = await upload(h, filePart(session.uuid, tinyPng(), 'a.png'), { headers: { origin: 'https://shop.example' } });
      assert.equal(allowed.res.statusCode, 200);
      assert.equal(allowed.res.headers['access-control-allow-origin'], 'https://shop.example');
      const foreign = await upload(h, filePart(session.uuid, tinyPng(), 'b.png'), { headers: { origin: 'https://evil.example' } });
      assert.deepEqual([foreign.res.statusCode, foreign.json.error?.code], [403, 'origin_not_allowed']);
      assert.equal(await storedFiles(h, session.id), 1);
    });
  },
  { ALLOWED_ORIGINS: 'https://shop.example' },
);

it('upload limits come from the environment and must be positive integers', () => {
  const defaults = loadConfig({}, rootDir);
  assert.deepEqual([defaults.visitorUploadSessionMaxBytes, defaults.sessionLimits.upload, defaults.rateLimits.upload], [50 * 1024 * 1024, 10, 20]);
  const set = loadConfig({ VISITOR_UPLOAD_SESSION_MAX_BYTES: '1000', SESSION_LIMIT_UPLOAD: '2', RATE_LIMIT_UPLOAD: '3' }, rootDir);
  assert.deepEqual([set.visitorUploadSessionMaxBytes, set.sessionLimits.upload, set.rateLimits.upload], [1000, 2, 3]);
  assert.throws(() => loadConfig({ VISITOR_UPLOAD_SESSION_MAX_BYTES: '50MB' }, rootDir), ConfigError);
});

describeEachEngine(
  'visitor uploads over a real connection',
  (h) => {
    it('a refused file is answered with its reason while the browser is still sending, not with a reset connection', async () => {
      const { session, channel } = await h.visitorSession();
      await h.app.store.updateChannel(channel.id, { visitor_upload_max_bytes: 2048 });
      const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
      const send = async (uuid: string, size: number) => {
        const form = new FormData();
        form.append('uuid', uuid);
        form.append('file', new Blob([Buffer.alloc(size, 0x61)]), 'big.txt');
        const res = await fetch(`${address}${VISITOR_UPLOAD_ROUTE}`, { method: 'POST', body: form });
        return { status: res.status, json: (await res.json()) as Answer };
      };
      const tooLarge = await send(session.uuid, 4 * 1024 * 1024);
      assert.deepEqual([tooLarge.status, tooLarge.json.error?.code], [413, 'file_too_large']);
      const unknown = await send('4b3a2f1e-0d9c-4b8a-9f7e-6d5c4b3a2f1e', 1024 * 1024);
      assert.deepEqual([unknown.status, unknown.json.error?.code], [404, 'session_expired']);
      const fits = await send(session.uuid, 2048);
      assert.equal(fits.status, 200, 'the connection still serves the next upload');
    });
  },
  { ATTACHMENT_MAX_BYTES: String(8 * 1024 * 1024) },
);
