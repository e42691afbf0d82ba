/**
 * SQLite: a burst of keyed posts cut by kill -9, then every post retried with its key after the
 * restart, as the widget does: each is stored once, with the id its first answer (if any) gave.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { freePort } from '../../support/free-port.mjs';
import { openVisitorSession, rpcCall, startServerProcess, type ServerProcess } from '../../support/bus-processes.mjs';
import { CHAT_POST_ROUTE } from '../../../src/protocol/routes.js';

const POSTS = 40;
// The burst and its retries exceed the per-conversation default; this test is about storage, not limits.
const env = (dataDir: string) => ({ DATA_DIR: dataDir, SESSION_LIMIT_CHAT_POST: '1000' });

describe('a keyed burst on SQLite cut by kill -9 and retried after the restart', { timeout: 60_000 }, () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-kill-retry-'));
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every post once, with the id it was first answered', async () => {
    const port = await freePort();
    server = await startServerProcess({ port, env: env(dataDir) });
    const { uuid } = await openVisitorSession(server.url);
    const keys = Array.from({ length: POSTS }, (_, i) => `burst-key-${String(i).padStart(8, '0')}`);
    const answered = new Map<string, number>();
    let firstAnswer: () => void = () => undefined;
    const someAnswered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const burst = keys.map((key) =>
      rpcCall(server!.url, CHAT_POST_ROUTE, { uuid, message_content: key, post_key: key }).then(
        (answer) => {
          if (typeof answer.result === 'number') answered.set(key, answer.result);
          firstAnswer();
        },
        () => undefined,
      ),
    );
    // Killed as soon as one post is answered: the others are stored, in flight or not yet read.
    await someAnswered;
    await server.crash();
    await Promise.all(burst);

    server = await startServerProcess({ port, env: env(dataDir) });
    for (const key of keys) {
      const { result }: { result?: unknown } = await rpcCall(server.url, CHAT_POST_ROUTE, { uuid, message_content: key, post_key: key });
      assert.equal(typeof result, 'number', `${key} was answered`);
      if (answered.has(key)) assert.equal(result, answered.get(key), `${key} is answered with its first id`);
    }
    await server.stop();
    server = undefined;

    const db = new SqliteDatabase(path.join(dataDir, 'livechat.sqlite'), { readonly: true });
    try {
      const rows = db.prepare("SELECT post_key AS key, count(*) AS n FROM message WHERE post_key LIKE 'burst-key-%' GROUP BY post_key").all() as { key: string; n: number }[];
      assert.deepEqual(rows.map((r) => [r.key, r.n]).sort(), keys.map((k) => [k, 1]));
    } finally {
      db.close();
    }
  });
});
