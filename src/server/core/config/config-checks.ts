import { OPERATOR_PASSWORD_MIN } from '../../../protocol/operator-console.js';
import { ConfigError } from './config-errors.js';

/**
 * The settings whose mistakes would otherwise surface late or silently (README "Configuration"). Each
 * refusal is one line naming the variable, what is wrong and an example; values that may hold a password
 * (DATABASE_URL, SMTP_URL, LIVECHAT_ADMIN_PASSWORD) are never repeated in it.
 */

function set(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function schemeProblem(url: URL | undefined): string {
  return url === undefined ? 'the value is not a URL' : `its scheme "${url.protocol}" is not supported`;
}

/** DATABASE_URL: unset for SQLite, else a PostgreSQL URL; anything else would quietly run on SQLite. */
export function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (!set(value)) return undefined;
  const url = parseUrl(value.trim());
  // No host is allowed: `postgres:///livechat?host=/run/postgresql` reaches the server over its socket.
  if (url === undefined || !['postgres:', 'postgresql:'].includes(url.protocol)) {
    throw new ConfigError(
      `DATABASE_URL must be a PostgreSQL URL, e.g. DATABASE_URL=postgres://user:password@db.example.com:5432/livechat, but ${schemeProblem(url)} (unset it to use SQLite in DATA_DIR)`,
    );
  }
  return value.trim();
}

/** SMTP_URL: unset for the outbox folder, else an smtp:// or smtps:// URL. */
export function parseSmtpUrl(value: string | undefined): string | undefined {
  if (!set(value)) return undefined;
  const url = parseUrl(value.trim());
  if (url === undefined || !['smtp:', 'smtps:'].includes(url.protocol) || url.hostname === '') {
    throw new ConfigError(
      `SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. SMTP_URL=smtp://user:password@mail.example.com:587, but ${url?.hostname === '' ? 'it names no host' : schemeProblem(url)} (unset it to write mails to DATA_DIR/outbox/)`,
    );
  }
  return value.trim();
}

const DEFAULT_MAIL_FROM = 'Live chat <livechat@localhost>';
const ADDRESS = '[^\\s<>@"]+@[^\\s<>@"]+';
const MAIL_FROM_FORM = new RegExp(`^(?:${ADDRESS}|[^<>\\r\\n]*<${ADDRESS}>)$`);

/** MAIL_FROM: `address` or `Name <address>`, on one line (a line break would add mail headers). */
export function parseMailFrom(value: string | undefined): string {
  if (!set(value)) return DEFAULT_MAIL_FROM;
  if (/[\r\n]/.test(value)) throw new ConfigError('MAIL_FROM must be on one line, e.g. MAIL_FROM="Live chat <chat@example.com>"');
  const from = value.trim();
  if (!MAIL_FROM_FORM.test(from)) {
    throw new ConfigError(`MAIL_FROM must be an address or "Name <address>", e.g. MAIL_FROM="Live chat <chat@example.com>", got "${from}"`);
  }
  return from;
}

/** PUBLIC_URL: the absolute http(s) base of links, without a trailing slash. */
export function parsePublicUrl(value: string | undefined): string | undefined {
  if (!set(value)) return undefined;
  const trimmed = value.trim();
  const url = parseUrl(trimmed);
  if (url === undefined || !['http:', 'https:'].includes(url.protocol) || url.hostname === '') {
    throw new ConfigError(`PUBLIC_URL must start with https:// or http://, e.g. PUBLIC_URL=https://chat.example.com, got "${trimmed}"`);
  }
  if (url.search !== '' || url.hash !== '') throw new ConfigError(`PUBLIC_URL must have no query or fragment, e.g. PUBLIC_URL=https://chat.example.com, got "${trimmed}"`);
  return trimmed.replace(/\/+$/, '');
}

/** ALLOWED_ORIGINS: `*`, or origins (scheme and host, no path) as browsers send them in `Origin`. */
export function parseOrigins(value: string | undefined): string[] | '*' {
  if (!set(value) || value.trim() === '*') return '*';
  const entries = value.split(',').map((o) => o.trim()).filter((o) => o !== '');
  return entries.map((entry) => {
    const url = parseUrl(entry);
    if (url === undefined || !['http:', 'https:'].includes(url.protocol) || url.hostname === '' || !/^[a-z]+:\/\/[^/]+\/*$/i.test(entry)) {
      throw new ConfigError(`ALLOWED_ORIGINS must list origins (scheme and host, no path), e.g. ALLOWED_ORIGINS=https://shop.example,https://www.shop.example, got "${entry}"`);
    }
    return url.origin;
  });
}

/** LIVECHAT_ADMIN_LOGIN: the first operator's login, one word like every login (operator-admin.ts). */
export function parseAdminLogin(value: string | undefined): string {
  if (value === undefined || value === '') return 'admin';
  if (!/^\S{1,100}$/.test(value)) {
    throw new ConfigError(`LIVECHAT_ADMIN_LOGIN must be one word without spaces (at most 100 characters), e.g. LIVECHAT_ADMIN_LOGIN=admin, got "${value}"`);
  }
  return value;
}

/** LIVECHAT_ADMIN_PASSWORD: as long as any operator password must be. */
export function parseAdminPassword(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (value.length < OPERATOR_PASSWORD_MIN) {
    throw new ConfigError(
      `LIVECHAT_ADMIN_PASSWORD must have at least ${OPERATOR_PASSWORD_MIN} characters (it has ${value.length}), e.g. LIVECHAT_ADMIN_PASSWORD=correct-horse-battery, or unset it to have one generated`,
    );
  }
  return value;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL: one of the logger's levels. */
export function parseLogLevel(value: string | undefined): string {
  if (value === undefined || value === '') return 'info';
  if (!LOG_LEVELS.includes(value)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, e.g. LOG_LEVEL=info, got "${value}"`);
  return value;
}
