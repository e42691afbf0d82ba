/**
 * Every setting is checked at start: a wrong one stops the built server with one line naming the
 * variable, what is wrong and an example; a misspelt one is named with the likely setting; the banner
 * shows what the server runs with and the snippet to embed, never a password.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SETTING_NAMES, unknownSettingWarnings } from '../../src/server/core/config/config-names.js';
import { describeDatabase } from '../../src/server/start-banner.js';
import { freePort } from '../support/free-port.mjs';
import { createTestDatabase, rootDir } from './support/harness.js';
import { attemptStart, oneLine } from './support/start-attempt.js';

const REFUSED: { env: Record<string, string>; line: RegExp; secret?: string }[] = [
  { env: { DATABASE_URL: 'mysql://shop:db-secret-1@db.example.com/chat' }, line: /^DATABASE_URL must be a PostgreSQL URL, e\.g\. DATABASE_URL=postgres:\/\/\S+, but its scheme "mysql:" is not supported/, secret: 'db-secret-1' },
  { env: { DATABASE_URL: 'db.example.com:5432' }, line: /^DATABASE_URL must be a PostgreSQL URL, e\.g\. .*(not a URL|scheme "db\.example\.com:" is not supported)/ },
  { env: { SMTP_URL: 'http://user:mail-secret-1@mail.example.com' }, line: /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL .*e\.g\. SMTP_URL=smtp:\/\/\S+, but its scheme "http:" is not supported/, secret: 'mail-secret-1' },
  { env: { MAIL_FROM: 'the chat team' }, line: /^MAIL_FROM must be an address or "Name <address>", e\.g\. MAIL_FROM="Live chat <chat@example\.com>", got "the chat team"$/ },
  { env: { PUBLIC_URL: 'chat.example.com' }, line: /^PUBLIC_URL must start with https:\/\/ or http:\/\/, e\.g\. PUBLIC_URL=https:\/\/chat\.example\.com, got "chat\.example\.com"$/ },
  { env: { LIVECHAT_ADMIN_PASSWORD: 'pw-secr' }, line: /^LIVECHAT_ADMIN_PASSWORD must have at least 8 characters \(it has 7\), e\.g\. /, secret: 'pw-secr' },
  { env: { LIVECHAT_ADMIN_LOGIN: 'site owner' }, line: /^LIVECHAT_ADMIN_LOGIN must be one word without spaces .*e\.g\. LIVECHAT_ADMIN_LOGIN=admin, got "site owner"$/ },
  { env: { ALLOWED_ORIGINS: 'https://shop.example,www.shop.example' }, line: /^ALLOWED_ORIGINS must list origins .*e\.g\. ALLOWED_ORIGINS=https:\/\/shop\.example.*, got "www\.shop\.example"$/ },
  { env: { LOG_LEVEL: 'verbose' }, line: /^LOG_LEVEL must be one of .*e\.g\. LOG_LEVEL=info, got "verbose"$/ },
  { env: { MESSAGE_MAX_LENGTH: 'lots' }, line: /^MESSAGE_MAX_LENGTH must be a positive integer, e\.g\. MESSAGE_MAX_LENGTH=4000, got "lots"$/ },
];

function emptyFolder(t: { after: (fn: () => void) => void }): string {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'lc-config-'));
  t.after(() => fs.rmSync(cwd, { recursive: true, force: true }));
  return cwd;
}

it('each wrong setting stops the start with one line naming it, its problem and an example, and creates nothing', async (t) => {
  const cwd = emptyFolder(t);
  for (const { env, line, secret } of REFUSED) {
    const refused = await attemptStart(cwd, { PORT: String(await freePort()), ...env });
    assert.equal(refused.code, 2, `${JSON.stringify(env)} was accepted`);
    const said = oneLine(refused.stderr);
    assert.match(said.replace(/^live-chat: /, ''), line);
    if (secret !== undefined) assert.ok(!said.includes(secret), `the value's password is never repeated: ${said}`);
  }
  assert.deepEqual(fs.readdirSync(cwd), [], 'no database was created by a refused start');
});

it('misspelt settings get a warning naming the likely one; the shell’s own variables get none', () => {
  const env = { DATABSE_URL: 'postgres://x', ALLOWED_ORIGIN: 'https://a.example', SMTP_ULR: 'smtp://x', database_url: 'x', LIVECHAT_ADMIN_PASS: 'x' };
  const shell = ['PATH', 'HOME', 'HOSTNAME', 'USER', 'SHELL', 'TERM', 'LANG', 'PWD', 'OLDPWD', 'LOGNAME', 'MAIL', 'TMPDIR', 'EDITOR', 'DISPLAY', 'NODE_OPTIONS', 'NODE_PATH', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'XDG_DATA_DIRS', 'XDG_RUNTIME_DIR', 'INIT_CWD', 'COLUMNS', 'CI', 'npm_config_cache', 'npm_lifecycle_event', 'TZ', 'DEBUG', 'LC_ALL', 'SSH_AUTH_SOCK'];
  const warnings = unknownSettingWarnings({ ...env, ...Object.fromEntries(shell.map((name) => [name, 'x'])), PORT: '1', DATA_DIR: 'd' });
  assert.deepEqual(warnings, [
    'DATABSE_URL is not a setting and is ignored; did you mean DATABASE_URL?',
    'ALLOWED_ORIGIN is not a setting and is ignored; did you mean ALLOWED_ORIGINS?',
    'SMTP_ULR is not a setting and is ignored; did you mean SMTP_URL?',
    'database_url is not a setting and is ignored; did you mean DATABASE_URL?',
    'LIVECHAT_ADMIN_PASS is not a setting and is ignored; did you mean LIVECHAT_ADMIN_PASSWORD?',
  ]);
});

it('every variable the configuration reads is a known setting, so it is never reported as a misspelling', () => {
  const dir = path.join(rootDir, 'src', 'server');
  const read = new Set<string>();
  for (const file of fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.ts$/.test(f))) {
    for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/(?:env|process\.env)\.([A-Z][A-Z0-9_]+)/g)) read.add(m[1]!);
  }
  assert.ok(read.size > 20);
  assert.deepEqual([...read].filter((name) => !SETTING_NAMES.includes(name)), []);
});

it('the banner prints the effective settings and an absolute embed snippet, never a password; misspellings are warned', async (t) => {
  const cwd = emptyFolder(t);
  const started = await attemptStart(cwd, {
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    PUBLIC_URL: 'https://chat.example.com/',
    ALLOWED_ORIGINS: 'https://shop.example, https://www.shop.example',
    SMTP_URL: 'smtp://mailer:smtp-secret-1@127.0.0.1:2525',
    MAIL_FROM: 'Shop chat <chat@shop.example>',
    DATABSE_URL: 'postgres://x',
    HOME: cwd,
  });
  assert.equal(started.code, undefined, started.stderr);
  assert.deepEqual(started.stderr.trim().split('\n'), ['live-chat: warning: DATABSE_URL is not a setting and is ignored; did you mean DATABASE_URL?']);
  const out = started.stdout;
  assert.match(out, new RegExp(`database: {9}SQLite, ${cwd.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/data/livechat\\.sqlite\\n`));
  assert.match(out, /mail: {13}SMTP via smtp:\/\/127\.0\.0\.1:2525, from Shop chat <chat@shop\.example>\n/);
  assert.match(out, /allowed origins: {2}https:\/\/shop\.example, https:\/\/www\.shop\.example\n/);
  assert.match(out, /public URL: {7}https:\/\/chat\.example\.com\n/);
  assert.ok(out.includes('\n    <script type="module" src="https://chat.example.com/live-chat.js"></script>\n'), out);
  assert.ok(out.includes('\n    <live-chat channel-id="1" server-url="https://chat.example.com"></live-chat>\n'), out);
  assert.ok(!out.includes('smtp-secret-1'), 'the SMTP password is never printed');
});

it('the banner names a PostgreSQL database by host and name, without the URL’s user or password', async (t) => {
  assert.equal(describeDatabase({ databaseUrl: 'postgres://chat:pg-secret-1@db.example.com:5432/livechat', dataDir: '/srv' }), 'PostgreSQL, database "livechat" on db.example.com:5432');
  if (!process.env.TEST_DATABASE_URL) return;
  const db = await createTestDatabase('postgres');
  t.after(() => db.drop());
  const started = await attemptStart(emptyFolder(t), { ...db.env, PORT: String(await freePort()), LOG_LEVEL: 'warn' });
  assert.equal(started.code, undefined, started.stderr);
  const url = new URL(db.env.DATABASE_URL!);
  assert.match(started.stdout, new RegExp(`database: {9}PostgreSQL, database "${url.pathname.slice(1)}" on ${url.host.replace(/\./g, '\\.')}\\n`));
  if (url.password !== '') assert.ok(!started.stdout.includes(url.password), 'the database password is never printed');
});
