/**
 * Issue 13: the built server finds its own files (locales, widget, console) from where it is
 * installed, never from the working directory, and keeps its data in the working directory.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rootDir } from './support/harness.js';
import { initAnswer, startServer } from './support/started-server.js';

it('the built server started from another folder serves the widget, the console and init, with its data there', async () => {
  const main = path.join(rootDir, 'packages', 'server', 'dist', 'server', 'main.js');
  assert.ok(fs.existsSync(main), 'npm test builds before the node tests');
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-elsewhere-'));
  const server = await startServer(process.execPath, [main], cwd, { LIVECHAT_ADMIN_PASSWORD: 'elsewhere-password', LOG_LEVEL: 'error' });
  try {
    assert.equal((await fetch(`${server.base}/live-chat.js`)).status, 200);
    assert.equal((await fetch(`${server.base}/operator/`)).status, 200);
    assert.equal((await initAnswer(server.base))?.available_for_me, false);
    assert.ok(fs.existsSync(path.join(cwd, 'data', 'livechat.sqlite')), 'DATA_DIR defaults to ./data of the working directory');
  } finally {
    await server.stop();
    fs.rmSync(cwd, { recursive: true, force: true });
  }
});
