import { after, test } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/core/config/config.js';
import Type from 'typebox';

/** A test route's schemas: any params object, any result. */
const ANY = { params: Type.Object({ value: Type.Optional(Type.Unknown()) }), result: Type.Unknown() };

const rootDir = new URL('../..', import.meta.url).pathname;
// Each app gets its own SQLite folder, removed when the file's tests end.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-app-test-'));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test('a JSON-RPC route answers with the envelope and copies the id', async (t) => {
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir }, rootDir) });
  t.after(() => app.close());
  app.rpc('/test/echo', ANY, (params) => ({ echoed: params.value }));
  const res = await app.inject({ method: 'POST', url: '/test/echo', payload: { jsonrpc: '2.0', method: 'call', params: { value: 7 }, id: 42 } });
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.json(), { jsonrpc: '2.0', id: 42, result: { echoed: 7 } });
});

test('a route that returns nothing answers without a result key', async (t) => {
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir }, rootDir) });
  t.after(() => app.close());
  app.rpc('/test/nothing', { params: Type.Object({}) }, () => undefined);
  const res = await app.inject({ method: 'POST', url: '/test/nothing', payload: { jsonrpc: '2.0', method: 'call', id: 1 } });
  assert.deepEqual(res.json(), { jsonrpc: '2.0', id: 1 });
});

test('malformed JSON gets a JSON-RPC error, not an HTML page', async (t) => {
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir }, rootDir) });
  t.after(() => app.close());
  app.rpc('/test/echo', ANY, () => 1);
  const res = await app.inject({ method: 'POST', url: '/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"jsonrpc": ' });
  assert.match(String(res.headers['content-type']), /application\/json/);
  const body = res.json();
  assert.equal(body.error.code, 200);
  assert.equal(body.error.data.exception_type, 'validation_error');
});

test('an unexpected failure hides its stack outside development', async (t) => {
  const app = await buildApp({ config: loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir }, rootDir) });
  t.after(() => app.close());
  app.rpc('/test/boom', ANY, () => {
    throw new Error('secret detail');
  });
  const res = await app.inject({ method: 'POST', url: '/test/boom', payload: { jsonrpc: '2.0', method: 'call', params: {}, id: 3 } });
  const body = res.json();
  assert.equal(body.error.data.message, 'Internal server error');
  assert.equal(body.error.data.debug, '');
});

test('params nested beyond the depth limit are refused', async (t) => {
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir }, rootDir) });
  t.after(() => app.close());
  app.rpc('/test/echo', ANY, () => 1);
  let deep: unknown = 1;
  for (let i = 0; i < 40; i += 1) deep = { d: deep };
  const res = await app.inject({ method: 'POST', url: '/test/echo', payload: { jsonrpc: '2.0', method: 'call', params: { deep }, id: 4 } });
  assert.match(res.json().error.data.message, /nested too deeply/);
});

test('a bad PORT is a clear configuration error', () => {
  assert.throws(() => loadConfig({ PORT: 'eighty' }, rootDir), /PORT must be an integer/);
});

test('a MAIL_FROM with a line break is refused at start, so it cannot add mail headers', () => {
  assert.throws(() => loadConfig({ MAIL_FROM: 'Chat <c@x.example>\r\nBcc: y@z.example' }, rootDir), /MAIL_FROM must be on one line/);
});
