/**
 * The built files as a browser gets them: precompressed by the build (rollup.config.mjs `precompress`)
 * and cached according to their names. Served from a temporary build folder so the test does not
 * depend on `npm run build`; no database is involved, so there is no per-engine variant.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Plugin } from 'rollup';
import { cacheControlFor, staticFilesPlugin } from '../../../../src/server/core/http/static-files.js';
import { describeEachEngine, rootDir } from '../../support/harness.js';
import { CHAT_HISTORY_ROUTE, LOAD_TEMPLATES_ROUTE } from '../../../../src/protocol/routes.js';

const CHUNK = 'chunks/panel-Bq3_x9Zk.js';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const script = (label: string) => `export const ${label} = ${JSON.stringify('a widget chunk '.repeat(200))};\n`;

type WriteBundle = (this: unknown, options: { dir: string }, bundle: Record<string, unknown>) => Promise<void>;

describe('built files: precompressed and cached by name', () => {
  let app: FastifyInstance;
  let dir = '';

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-static-'));
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(path.join(dist, 'chunks'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'demo'));
    fs.writeFileSync(path.join(dist, CHUNK), script('chunk'));
    fs.writeFileSync(path.join(dist, 'live-chat.js'), script('entry'));
    fs.writeFileSync(path.join(dist, 'chunks', 'tiny-Ab12Cd34.js'), 'export {};\n');
    // The build's own step, run on these files as rollup would after writing them.
    const configs = ((await import(new URL('rollup.config.mjs', `file://${rootDir}/`).href)) as { default: { input: unknown; plugins: Plugin[] }[] }).default;
    const widget = configs.find((c) => typeof c.input === 'object' && c.input !== null && 'live-chat' in c.input)!;
    const plugin = widget.plugins.find((p) => p.name === 'precompress');
    assert.ok(plugin, 'the widget build precompresses its output');
    await (plugin.writeBundle as unknown as WriteBundle).call({}, { dir: dist }, { [CHUNK]: {}, 'live-chat.js': {}, 'chunks/tiny-Ab12Cd34.js': {} });
    app = Fastify();
    await app.register(staticFilesPlugin, { rootDir: dir, demo: false });
    await app.ready();
  });

  after(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the build writes .br and .gz copies, except for files too small to gain', () => {
    assert.ok(fs.existsSync(path.join(dir, 'dist', `${CHUNK}.br`)));
    assert.ok(fs.existsSync(path.join(dir, 'dist', `${CHUNK}.gz`)));
    assert.ok(!fs.existsSync(path.join(dir, 'dist', 'chunks', 'tiny-Ab12Cd34.js.br')));
  });

  for (const [encoding, decode] of [
    ['br', zlib.brotliDecompressSync],
    ['gzip', zlib.gunzipSync],
  ] as const) {
    it(`a chunk asked for with Accept-Encoding: ${encoding} comes ${encoding}-encoded, immutable`, async () => {
      const res = await app.inject({ method: 'GET', url: `/${CHUNK}`, headers: { 'accept-encoding': encoding } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-encoding'], encoding);
      assert.match(String(res.headers.vary), /accept-encoding/i);
      assert.match(String(res.headers['content-type']), /javascript/);
      assert.equal(res.headers['cache-control'], IMMUTABLE);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.equal(decode(res.rawPayload).toString('utf8'), script('chunk'));
    });
  }

  it('without Accept-Encoding the chunk comes as is, still varying on the header', async () => {
    const res = await app.inject({ method: 'GET', url: `/${CHUNK}`, headers: { 'accept-encoding': 'identity' } });
    assert.equal(res.headers['content-encoding'], undefined);
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.equal(res.headers.sourcemap, undefined, 'no map was built beside it');
    assert.equal(res.body, script('chunk'));
  });

  it('an entry file (its name never changes) is compressed too but revalidated: no-cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/live-chat.js', headers: { 'accept-encoding': 'gzip, br' } });
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.ok(res.headers.etag ?? res.headers['last-modified'], 'a validator for the revalidation');
  });

  it('a repeat visit revalidates the entry file and gets 304 without a body', async () => {
    const first = await app.inject({ method: 'GET', url: '/live-chat.js', headers: { 'accept-encoding': 'br' } });
    const etag = String(first.headers.etag);
    assert.match(etag, /^(W\/)?".+"$/);
    const again = await app.inject({ method: 'GET', url: '/live-chat.js', headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
  });

  it('judges names as rollup writes them', () => {
    for (const hashed of ['/srv/dist/chunks/panel-Bq3_x9Zk.js', '/srv/dist/lib/index-DXn-8aQ1.js', '/srv/dist/operator/chunks/x-AAAAAAAA.js.br', '/srv/dist/chunks/a-b-c-12345678.js.map']) {
      assert.equal(cacheControlFor(hashed), IMMUTABLE, hashed);
    }
    for (const plain of ['/srv/dist/live-chat.js', '/srv/dist/live-chat.js.gz', '/srv/dist/operator/operator.js', '/srv/dist/operator/operator.css', '/srv/dist/custom-elements.json', '/srv/dist/chunks-x/a-12345678.js']) {
      assert.equal(cacheControlFor(plain), 'no-cache', plain);
    }
  });
});

describeEachEngine('JSON answers over 1 KB are compressed', (h) => {
  it('a long history goes out compressed to a client that accepts it; a short answer and a compressed request body do not', async () => {
    const { session } = await h.visitorSession();
    for (let i = 0; i < 30; i += 1) await h.app.store.insertMessage({ session_id: session.id, body: `message ${i} with some text`, author_operator_id: null }, h.clock.now() + i);
    const post = (url: string, params: unknown, headers: Record<string, string> = {}) =>
      h.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip', ...headers }, payload: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params }) });
    const long = await post(CHAT_HISTORY_ROUTE, { uuid: session.uuid, limit: 30 });
    assert.equal(long.headers['content-encoding'], 'br');
    assert.match(String(long.headers.vary), /Accept-Encoding/i);
    const messages = JSON.parse(zlib.brotliDecompressSync(long.rawPayload).toString()) as { result: unknown[] };
    assert.equal(messages.result.length, 30);
    const short = await post(LOAD_TEMPLATES_ROUTE, {});
    assert.equal(short.headers['content-encoding'], undefined);
    const inflated = await h.app.inject({ method: 'POST', url: LOAD_TEMPLATES_ROUTE, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: zlib.gzipSync(JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: {} })) });
    assert.equal((inflated.json() as { result?: unknown }).result, undefined, 'a compressed body is not unpacked');
  });
});
