import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './core/config/config.js';
import type { SeedResult } from './domain/store/index.js';

/** What the banner reports beyond the configuration. */
export interface BannerFacts {
  /** The absolute base the server is reached at (PUBLIC_URL, else its own address). */
  base: string;
  /** The channel the embed snippet names: the first one. */
  channelId: number;
  seed: SeedResult;
}

/**
 * How the owner runs the command line: `npm run cli --` in a clone of the repository (where the server
 * package sits in packages/server), the installed `npx live-chat-server` anywhere else.
 */
export function cliCommand(rootDir: string): string {
  return fs.existsSync(path.join(rootDir, 'packages', 'server', 'package.json')) ? 'npm run cli --' : 'npx live-chat-server';
}

/** Where the data is, without the password a URL may hold (nor the user name, which helps guessing). */
export function describeDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string {
  if (config.databaseUrl === undefined) return `SQLite, ${path.join(config.dataDir, 'livechat.sqlite')}`;
  const url = new URL(config.databaseUrl);
  const where = url.host === '' ? `local socket${url.searchParams.get('host') ? ` ${url.searchParams.get('host')}` : ''}` : url.host;
  return `PostgreSQL, database "${decodeURIComponent(url.pathname.replace(/^\//, '')) || '(default)'}" on ${where}`;
}

function describeMail(config: ServerConfig): string {
  if (config.smtpUrl === undefined) return `written as files to ${path.join(config.dataDir, 'outbox')} (no SMTP_URL), from ${config.mailFrom}`;
  const url = new URL(config.smtpUrl);
  return `SMTP via ${url.protocol}//${url.host}, from ${config.mailFrom}`;
}

function loginLines(config: ServerConfig, seed: SeedResult): string[] {
  if (seed.generatedPassword !== undefined) {
    return [`  operator login:    ${seed.adminLogin}`, `  operator password: ${seed.generatedPassword}   (shown only this once)`];
  }
  const recover = `lost a password? ${cliCommand(config.rootDir)} admin reset-password ${seed.adminLogin}`;
  if (seed.firstStart) return [`  operator login:    ${seed.adminLogin} (password from LIVECHAT_ADMIN_PASSWORD)`, `  ${recover}`];
  return [`  operator login:    ${seed.adminLogin} (password set on the first start; ${recover})`];
}

/** The lines printed once the server listens: where it is, what it runs with, how to embed and log in. */
export function startBanner(config: ServerConfig, facts: BannerFacts): string[] {
  const { base } = facts;
  return [
    '',
    'live-chat server ready',
    config.demo ? `  demo page:        ${base}/` : `  home page:        ${base}/   (DEMO=1 serves the demo pages)`,
    `  widget script:    ${base}/live-chat.js`,
    `  operator console: ${base}/operator/`,
    '',
    `  database:         ${describeDatabase(config)}`,
    `  mail:             ${describeMail(config)}`,
    `  allowed origins:  ${config.allowedOrigins === '*' ? '* (any site may embed the widget)' : config.allowedOrigins.join(', ')}`,
    `  public URL:       ${config.publicUrl ?? `not set (links use ${base}; set PUBLIC_URL in production)`}`,
    '',
    '  embed on your site:',
    `    <script type="module" src="${base}/live-chat.js"></script>`,
    `    <live-chat channel-id="${facts.channelId}" server-url="${base}"></live-chat>`,
    '',
    ...loginLines(config, facts.seed),
  ];
}
