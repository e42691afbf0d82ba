/**
 * The server's command line (README "Deploy"), run as an operator of the site would: the built
 * `packages/server/dist/server/cli.js` in its own folder, on SQLite.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { rootDir } from './support/harness.js';

const cli = path.join(rootDir, 'packages', 'server', 'dist', 'server', 'cli.js');

function run(cwd: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, env: { PATH: process.env.PATH ?? '', LIVECHAT_ADMIN_PASSWORD: 'cli-admin-password', ...env }, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

it('migrate, add channels and operators, reset a password and back up, from any folder', () => {
  assert.ok(fs.existsSync(cli), 'npm test builds before the node tests');
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-cli-'));
  try {
    assert.match(run(cwd, ['--help']).out, /Usage: live-chat-server/);
    assert.equal(run(cwd, ['migrate']).code, 0);
    assert.match(run(cwd, ['admin', 'create-channel', 'Support', 'desk']).out, /channel "Support desk" created \(id 2\)/);
    const created = run(cwd, ['admin', 'create-operator', 'mia', 'Mia Lopez', '--channel', '2'], { LIVECHAT_PASSWORD: 'mia-password-1' });
    assert.equal(created.code, 0, created.err);
    assert.doesNotMatch(created.out, /password:/, 'a given password is never printed');
    const again = run(cwd, ['admin', 'create-operator', 'mia', 'Mia again']);
    assert.equal(again.code, 2);
    assert.match(again.err, /already exists/);
    const reset = run(cwd, ['admin', 'reset-password', 'mia']);
    assert.match(reset.out, /new password: \S{12,}/);
    const backup = run(cwd, ['backup', 'copy.sqlite']);
    assert.equal(backup.code, 0, backup.err);
    const copy = new Database(path.join(cwd, 'copy.sqlite'), { readonly: true });
    const operators = copy.prepare('SELECT login FROM operator ORDER BY id').all() as { login: string }[];
    copy.close();
    assert.deepEqual(operators.map((o) => o.login), ['admin', 'mia']);
    const wrong = run(cwd, ['frobnicate']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.err, /unknown command "frobnicate"/);
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
});

it('backup on PostgreSQL names the pg_dump command instead of copying', () => {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-cli-'));
  try {
    // The command is printed before any connection is made, so no server is needed here.
    const r = run(cwd, ['backup', 'x.dump'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    assert.match(r.out, /pg_dump --format=custom --file="x.dump"/);
  } finally {
    fs.rmSync(cwd, { recursive: true, force: true });
  }
});
