/**
 * Issue 13: the built server finds its own files (locales, widget, console) from where it is
 * installed, never from the working directory, and keeps its data in the working directory.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port.mjs';
import { rootDir } from './support/harness.js';

it('the built server started from another folder serves the widget, the console and init, with its data there', async () => {
  const main = path.join(rootDir, 'dist-server', 'server', 'main.js');
  assert.ok(fs.existsSync(main), 'npm test builds before the node tests');
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-elsewhere-'));
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LIVECHAT_ADMIN_PASSWORD: 'elsewhere-password', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  try {
    const deadline = Date.now() + 30_000;
    while (!output.includes('live-chat server ready')) {
      assert.ok(Date.now() < deadline && child.exitCode === null, `the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const base = `http://127.0.0.1:${port}`;
    assert.equal((await fetch(`${base}/live-chat.js`)).status, 200);
    assert.equal((await fetch(`${base}/operator/`)).status, 200);
    const init = await fetch(`${base}/im_livechat/init`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { channel_id: 1 } }) });
    const body = (await init.json()) as { result?: { available_for_me: boolean } };
    assert.equal(body.result?.available_for_me, false);
    assert.ok(fs.existsSync(path.join(cwd, 'data', 'livechat.sqlite')), 'DATA_DIR defaults to ./data of the working directory');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(cwd, { recursive: true, force: true });
  }
});
