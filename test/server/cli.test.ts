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
import { openDatabase } from '../../src/server/core/db/database.js';
import { KyselyStore } from '../../src/server/domain/store/kysely-store.js';
import { rootDir } from './support/harness.js';

const cli = path.join(rootDir, 'packages', 'server', 'dist', 'server', 'cli.js');

function run(cwd: string, args: string[], env: Record<string, string> = {}, input?: string) {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, env: { PATH: process.env.PATH ?? '', LIVECHAT_ADMIN_PASSWORD: 'cli-admin-password', ...env }, encoding: 'utf8', input });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A refusal: exit code 2 and one line on stderr, without a stack or the help text. */
function refusal(r: { code: number | null; out: string; err: string }): string {
  assert.equal(r.code, 2, r.out + r.err);
  const lines = r.err.trim().split('\n');
  assert.equal(lines.length, 1, r.err);
  return lines[0]!;
}

function emptyFolder(t: { after: (fn: () => void) => void }): string {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-cli-'));
  t.after(() => fs.rmSync(cwd, { recursive: true, force: true }));
  return cwd;
}

async function passwordChecks(dataDir: string, login: string, password: string): Promise<boolean> {
  const store = new KyselyStore(await openDatabase({ dataDir }));
  try {
    return (await store.checkPassword(login, password)) !== undefined;
  } finally {
    await store.close();
  }
}

it('migrate, add channels and operators, reset a password and back up, from any folder', () => {
  assert.ok(fs.existsSync(cli), 'npm test builds before the node tests');
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-cli-'));
  try {
    assert.match(run(cwd, ['--help']).out, /Usage: live-chat-server/);
    assert.equal(run(cwd, ['migrate', '--data-dir', 'data']).code, 0);
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

it('run from a folder without the server’s data, the CLI says where it looked and creates nothing unless told', (t) => {
  const cwd = emptyFolder(t);
  for (const args of [['migrate'], ['admin', 'reset-password', 'admin'], ['admin', 'create-channel', 'Shop']]) {
    const line = refusal(run(cwd, args));
    assert.match(line, new RegExp(`^live-chat-server: no database found: looked for ${cwd.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/data/livechat\\.sqlite; .*--data-dir <folder> \\(or DATA_DIR\\)`));
  }
  assert.deepEqual(fs.readdirSync(cwd), [], 'no second database was created');
  const told = run(cwd, ['--data-dir', 'site', 'migrate']);
  assert.equal(told.code, 0, told.err);
  assert.match(told.out, /database schema up to date/);
  assert.ok(fs.existsSync(path.join(cwd, 'site', 'livechat.sqlite')));
  assert.equal(run(cwd, ['admin', 'create-channel', 'Shop'], { DATA_DIR: 'site' }).code, 0, 'DATA_DIR names the folder too');
});

it('admin reset-password recovers a lost login: generated and printed, or read from stdin or LIVECHAT_PASSWORD', async (t) => {
  const cwd = emptyFolder(t);
  const dataDir = path.join(cwd, 'data');
  assert.equal(run(cwd, ['migrate', '--data-dir', 'data']).code, 0);
  const generated = run(cwd, ['admin', 'reset-password', 'admin']);
  const password = /new password: (\S{12,})/.exec(generated.out)?.[1];
  assert.ok(password, generated.out + generated.err);
  assert.ok(await passwordChecks(dataDir, 'admin', password));
  const piped = run(cwd, ['admin', 'reset-password', 'admin', '--password-stdin'], {}, 'piped-in-password\n');
  assert.equal(piped.code, 0, piped.err);
  assert.equal(piped.out, 'password of "admin" changed\n', 'a given password is never printed');
  assert.ok(await passwordChecks(dataDir, 'admin', 'piped-in-password'));
  assert.match(refusal(run(cwd, ['admin', 'reset-password', 'admin', '--password-stdin'], {}, 'short\n')), /the password read from stdin must have at least 8 characters/);
  assert.equal(run(cwd, ['admin', 'reset-password', 'admin'], { LIVECHAT_PASSWORD: 'from-the-environment' }).code, 0);
  assert.ok(await passwordChecks(dataDir, 'admin', 'from-the-environment'));
  assert.match(refusal(run(cwd, ['admin', 'reset-password', 'nobody'])), /^live-chat-server: no operator "nobody" in \S+livechat\.sqlite$/);
});

it('backup says in one line when its folder is missing or its file exists, and replaces it only with --force', (t) => {
  const cwd = emptyFolder(t);
  assert.equal(run(cwd, ['migrate', '--data-dir', 'data']).code, 0);
  assert.match(refusal(run(cwd, ['backup', 'missing/copy.sqlite'])), /^live-chat-server: backup: the folder \S+missing does not exist; create it first/);
  assert.equal(run(cwd, ['backup', 'copy.sqlite']).code, 0);
  assert.equal(run(cwd, ['admin', 'create-channel', 'Later']).code, 0);
  assert.match(refusal(run(cwd, ['backup', 'copy.sqlite'])), /^live-chat-server: backup: \S+copy\.sqlite already exists; choose another name, or add --force to replace it$/);
  const forced = run(cwd, ['backup', 'copy.sqlite', '--force']);
  assert.equal(forced.code, 0, forced.err);
  const copy = new Database(path.join(cwd, 'copy.sqlite'), { readonly: true });
  const channels = copy.prepare('SELECT name FROM livechat_channel ORDER BY id').all() as { name: string }[];
  copy.close();
  assert.deepEqual(channels.map((c) => c.name), ['Website', 'Later'], 'the forced copy replaced the older one');
  assert.deepEqual(fs.readdirSync(cwd).sort(), ['copy.sqlite', 'data'], 'no partial file is left behind');
  assert.match(refusal(run(cwd, ['backup', 'other.sqlite', '--data-dir', 'elsewhere'])), /^live-chat-server: backup: no database at \S+elsewhere\/livechat\.sqlite, nothing to back up/);
  assert.equal(fs.existsSync(path.join(cwd, 'elsewhere')), false, 'backup never creates a database to copy');
});
