/**
 * A first start that fails never costs the owner the login: the database is seeded only once every
 * check has passed, so the next start still prints the generated password; and each failure is one
 * line saying what to change. The built server runs as its own process in an empty folder.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/free-port.mjs';
import { attemptStart, oneLine } from './support/start-attempt.js';

const GENERATED = /operator login: {4}admin\n {2}operator password: (\S{20}) {3}\(shown only this once\)/;

async function inEmptyFolder(t: { after: (fn: () => void) => void }): Promise<string> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-start-'));
  t.after(() => fs.rmSync(cwd, { recursive: true, force: true }));
  return cwd;
}

async function occupiedPort(t: { after: (fn: () => Promise<void>) => void }): Promise<number> {
  const port = await freePort();
  const other = net.createServer();
  await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => other.close(() => resolve())));
  return port;
}

it('a port in use fails the first start in one line, and the next start still prints the generated login', async (t) => {
  const cwd = await inEmptyFolder(t);
  const port = await occupiedPort(t);
  const refused = await attemptStart(cwd, { PORT: String(port), LOG_LEVEL: 'warn' });
  assert.equal(refused.code, 2);
  assert.match(oneLine(refused.stderr), new RegExp(`^live-chat: PORT ${port} is already in use on 127\\.0\\.0\\.1 .*e\\.g\\. PORT=\\d+$`));
  const next = await attemptStart(cwd, { PORT: String(await freePort()), LOG_LEVEL: 'warn' });
  assert.equal(next.code, undefined, next.stderr);
  assert.match(next.stdout, GENERATED);
});

it('an SMTP_URL that is not a URL is refused before any database is made, and the next start prints the login', async (t) => {
  const cwd = await inEmptyFolder(t);
  const refused = await attemptStart(cwd, { PORT: String(await freePort()), SMTP_URL: 'mail.example.com', LOG_LEVEL: 'warn' });
  assert.equal(refused.code, 2);
  assert.match(oneLine(refused.stderr), /^live-chat: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL .*e\.g\. SMTP_URL=smtp:\/\/.* but the value is not a URL/);
  assert.equal(fs.existsSync(path.join(cwd, 'data', 'livechat.sqlite')), false);
  const next = await attemptStart(cwd, { PORT: String(await freePort()), LOG_LEVEL: 'warn' });
  assert.match(next.stdout, GENERATED);
});

it('a DATA_DIR that cannot be written is one line naming it, without a stack', async (t) => {
  const cwd = await inEmptyFolder(t);
  fs.writeFileSync(path.join(cwd, 'not-a-folder'), '');
  const refused = await attemptStart(cwd, { PORT: String(await freePort()), DATA_DIR: 'not-a-folder/data', LOG_LEVEL: 'warn' });
  assert.equal(refused.code, 2);
  assert.match(oneLine(refused.stderr), /^live-chat: DATA_DIR \S+not-a-folder\/data cannot be used: a file is in the way; .*e\.g\. DATA_DIR=\.\/data$/);
});

it('a METRICS_PORT in use is reported by its name before the database is seeded', async (t) => {
  const cwd = await inEmptyFolder(t);
  const taken = await occupiedPort(t);
  const refused = await attemptStart(cwd, { PORT: String(await freePort()), METRICS_PORT: String(taken), LOG_LEVEL: 'warn' });
  assert.equal(refused.code, 2);
  assert.match(oneLine(refused.stderr), new RegExp(`^live-chat: METRICS_PORT ${taken} is already in use`));
  const next = await attemptStart(cwd, { PORT: String(await freePort()), LOG_LEVEL: 'warn' });
  assert.match(next.stdout, GENERATED);
});

it('later starts say how to recover a lost password, and report a changed LIVECHAT_ADMIN_PASSWORD as ignored', async (t) => {
  const cwd = await inEmptyFolder(t);
  const env = { LIVECHAT_ADMIN_PASSWORD: 'first-admin-password', LOG_LEVEL: 'warn' };
  const first = await attemptStart(cwd, { ...env, PORT: String(await freePort()) });
  assert.match(first.stdout, /operator login: {4}admin \(password from LIVECHAT_ADMIN_PASSWORD\)/);
  const same = await attemptStart(cwd, { ...env, PORT: String(await freePort()) });
  assert.match(same.stdout, /operator login: {4}admin \(password set on the first start; lost a password\? (npm run cli --|npx live-chat-server) admin reset-password admin\)/);
  assert.equal(same.stderr, '', 'an unchanged password is not reported');
  const changed = await attemptStart(cwd, { ...env, LIVECHAT_ADMIN_PASSWORD: 'second-admin-password', PORT: String(await freePort()) });
  assert.equal(changed.code, undefined, changed.stderr);
  assert.match(
    oneLine(changed.stderr),
    /^live-chat: warning: LIVECHAT_ADMIN_PASSWORD is ignored: it applies on the first start only, and "admin" keeps its password; to change it: .* admin reset-password admin$/,
  );
});
