import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, parsePositive } from './config-errors.js';
import { parseAdminLogin, parseAdminPassword, parseDatabaseUrl, parseLogLevel, parseMailFrom, parseOrigins, parsePublicUrl, parseSmtpUrl } from './config-checks.js';
import { RATE_LIMIT_DEFAULTS, SESSION_LIMIT_DEFAULTS, parseLimits, type RateLimits, type SessionLimits } from './config-limits.js';

export type { RateLimits, SessionLimits } from './config-limits.js';
export { ConfigError } from './config-errors.js';

/** Everything the server reads from its environment, parsed once (README "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  allowedOrigins: string[] | '*';
  publicUrl: string | undefined;
  adminLogin: string;
  adminPassword: string | undefined;
  /** The widget package's folder: the built widget and console (dist/) and locales/ ({@link WIDGET_DIR}). */
  rootDir: string;
  /** The demo pages, served when {@link ServerConfig.demo} is on. */
  demoDir: string;
  /** Serve the demo pages at `/` (DEMO=1; `npm start` sets it); otherwise `/` is a short page without internals. */
  demo: boolean;
  development: boolean;
  logLevel: string;
  /** Longest chat message accepted, in characters (MESSAGE_MAX_LENGTH, default 4000). */
  messageMaxLength: number;
  /** Largest uploaded attachment, in bytes (ATTACHMENT_MAX_BYTES, default 25 MB). */
  attachmentMaxBytes: number;
  /** Most pixels an uploaded PNG, JPEG, GIF or WebP may announce (IMAGE_MAX_PIXELS, default 40 million). */
  imageMaxPixels: number;
  /** Bytes of files one visitor session may send in all (VISITOR_UPLOAD_SESSION_MAX_BYTES, default 50 MB). */
  visitorUploadSessionMaxBytes: number;
  /** Bytes of visitor files one client address may store a UTC day (VISITOR_UPLOAD_ADDRESS_DAILY_BYTES, default 100 MB). */
  visitorUploadAddressDailyBytes: number;
  /** Bytes of visitor files one channel may store a UTC day (VISITOR_UPLOAD_CHANNEL_DAILY_BYTES, default 1 GB). */
  visitorUploadChannelDailyBytes: number;
  /** Bytes of files one operator may store a UTC day (OPERATOR_UPLOAD_DAILY_BYTES, default 1 GB). */
  operatorUploadDailyBytes: number;
  /** Uploads a minute per operator (RATE_LIMIT_OPERATOR_UPLOAD, default 30). */
  operatorUploadsPerMinute: number;
  /** Uploads are refused while the data volume has less free space than this, in percent (UPLOAD_MIN_FREE_PERCENT, default 10; 0 never). */
  uploadMinFreePercent: number;
  /** Days ended conversations are kept at most, whatever their channel says (RETENTION_DAYS; unset: no ceiling). */
  retentionDays: number | undefined;
  rateLimits: RateLimits;
  /** Calls per minute and per visitor session, whatever addresses it uses (SESSION_LIMIT_* variables). */
  sessionLimits: SessionLimits;
  /** Safety bound on the offline messages one channel stores a day, whoever sends them (OFFLINE_MESSAGES_PER_DAY, default 10,000). */
  offlineMessagesPerDay: number;
  /** Alert mails one channel sends an hour, missed chats and offline messages together; then one digest (ALERT_MAILS_PER_HOUR, default 20). */
  alertMailsPerHour: number;
  /** Transcripts one channel mails an hour, whoever asks (TRANSCRIPTS_PER_CHANNEL_PER_HOUR, default 30). */
  transcriptsPerChannelPerHour: number;
  /** How long a refused (429) answer is held back (RATE_LIMIT_DELAY_MS, default 1000; 0 answers at once). */
  rateLimitDelayMs: number;
  /** Which proxies are trusted for the client address and protocol (TRUST_PROXY; Fastify's `trustProxy`). */
  trustProxy: boolean | string[];
  /** How long a long poll is held when nothing is new (BUS_HOLD_SECONDS, default 50; the client gives up at 60). */
  busHoldMs: number;
  /** How long bus notifications are kept for clients that come back (BUS_RETENTION_HOURS, default 24). */
  busRetentionMs: number;
  /** When set, `/metrics` is served on the main port to callers sending `Authorization: Bearer <token>` (METRICS_TOKEN). */
  metricsToken: string | undefined;
  /** When set, `/metrics` is served on this port instead of the main one (METRICS_PORT). */
  metricsPort: number | undefined;
  /** Address the metrics port binds to (METRICS_HOST, default 127.0.0.1: scrapers usually run beside the server). */
  metricsHost: string;
}

const MB = 1024 * 1024;

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535, e.g. PORT=8069, got "${value}"`);
  }
  return port;
}

function parseMetricsPort(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`METRICS_PORT must be an integer from 0 to 65535, e.g. METRICS_PORT=9464, got "${value}"`);
  }
  return port;
}

function parsePercent(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 99) throw new ConfigError(`${name} must be an integer from 0 to 99, e.g. ${name}=${fallback}, got "${value}"`);
  return n;
}

function parseBusHold(value: string | undefined): number {
  const seconds = parsePositive('BUS_HOLD_SECONDS', value, 50);
  // The widget's poll gives up after 60 s (SPEC.md §9); a longer hold would turn every quiet poll into an error.
  if (seconds > 55) throw new ConfigError(`BUS_HOLD_SECONDS must be at most 55 (the client waits 60 s), e.g. BUS_HOLD_SECONDS=50, got "${value}"`);
  return seconds * 1000;
}

/**
 * TRUST_PROXY: unset or `false` trusts nobody (the socket address is the client); a comma-separated
 * list of proxy addresses or CIDR ranges (or `loopback`, `linklocal`, `uniquelocal`) trusts those hops;
 * `true` trusts every hop, only for a proxy that is the sole way in. Hop counts are refused: Fastify
 * cannot check the immediate peer with them and ignores forwarded headers, which would look like a
 * working set-up while every visitor shares the proxy's address.
 */
function parseTrustProxy(value: string | undefined): boolean | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  const list = v.split(',').map((a) => a.trim()).filter((a) => a !== '');
  const named = ['loopback', 'linklocal', 'uniquelocal'];
  if (list.length === 0 || !list.every((a) => named.includes(a) || (/^[0-9a-fA-F.:]+(?:\/\d{1,3})?$/.test(a) && /[.:]/.test(a)))) {
    throw new ConfigError(`TRUST_PROXY must be true, false or a list of proxy addresses (e.g. 127.0.0.1,10.0.0.0/8), got "${value}"`);
  }
  return list;
}

/**
 * The widget package's folder (the built widget and console in dist/, the texts in locales/), found
 * the way Node finds any dependency of the server: from this module's own location, never from the
 * working directory, so the server runs from anywhere. In the repository the package is the root.
 */
export const WIDGET_DIR = widgetPackageDir();

function widgetPackageDir(): string {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('live-chat-element/package.json'));
  } catch {
    return fileURLToPath(new URL('../../../..', import.meta.url));
  }
}

/** The server's own files beside its modules (the notification sounds): copied there by the build. */
export const STATIC_DIR = fileURLToPath(new URL('../../static', import.meta.url));

/** The demo pages the build stages into the server package; in the repository, its demo/ folder. */
const STAGED_DEMO_DIR = fileURLToPath(new URL('../../../demo', import.meta.url));

function parseDelay(value: string | undefined): number {
  if (value === undefined || value === '') return 1000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 10_000) throw new ConfigError(`RATE_LIMIT_DELAY_MS must be 0 to 10000, e.g. RATE_LIMIT_DELAY_MS=1000, got "${value}"`);
  return ms;
}

function parseFlag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0, e.g. ${name}=1, got "${value}"`);
}

/** Reads the configuration from an environment (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, rootDir = WIDGET_DIR): ServerConfig {
  // Secure by default: stacks and paths reach clients only when development is asked for by name.
  const development = env.NODE_ENV === 'development';
  return {
    port: parsePort(env.PORT, 8069),
    host: env.HOST && env.HOST !== '' ? env.HOST : '127.0.0.1',
    // Data belongs to whoever runs the server, not to the install location.
    dataDir: path.resolve(process.cwd(), env.DATA_DIR && env.DATA_DIR !== '' ? env.DATA_DIR : 'data'),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: parseMailFrom(env.MAIL_FROM),
    allowedOrigins: parseOrigins(env.ALLOWED_ORIGINS),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    adminLogin: parseAdminLogin(env.LIVECHAT_ADMIN_LOGIN),
    adminPassword: parseAdminPassword(env.LIVECHAT_ADMIN_PASSWORD),
    rootDir,
    demoDir: fs.existsSync(STAGED_DEMO_DIR) ? STAGED_DEMO_DIR : path.join(rootDir, 'demo'),
    demo: parseFlag('DEMO', env.DEMO),
    development,
    logLevel: parseLogLevel(env.LOG_LEVEL),
    messageMaxLength: parsePositive('MESSAGE_MAX_LENGTH', env.MESSAGE_MAX_LENGTH, 4000),
    attachmentMaxBytes: parsePositive('ATTACHMENT_MAX_BYTES', env.ATTACHMENT_MAX_BYTES, 25 * 1024 * 1024),
    imageMaxPixels: parsePositive('IMAGE_MAX_PIXELS', env.IMAGE_MAX_PIXELS, 40_000_000),
    visitorUploadSessionMaxBytes: parsePositive('VISITOR_UPLOAD_SESSION_MAX_BYTES', env.VISITOR_UPLOAD_SESSION_MAX_BYTES, 50 * 1024 * 1024),
    visitorUploadAddressDailyBytes: parsePositive('VISITOR_UPLOAD_ADDRESS_DAILY_BYTES', env.VISITOR_UPLOAD_ADDRESS_DAILY_BYTES, 100 * MB),
    visitorUploadChannelDailyBytes: parsePositive('VISITOR_UPLOAD_CHANNEL_DAILY_BYTES', env.VISITOR_UPLOAD_CHANNEL_DAILY_BYTES, 1024 * MB),
    operatorUploadDailyBytes: parsePositive('OPERATOR_UPLOAD_DAILY_BYTES', env.OPERATOR_UPLOAD_DAILY_BYTES, 1024 * MB),
    operatorUploadsPerMinute: parsePositive('RATE_LIMIT_OPERATOR_UPLOAD', env.RATE_LIMIT_OPERATOR_UPLOAD, 30),
    uploadMinFreePercent: parsePercent('UPLOAD_MIN_FREE_PERCENT', env.UPLOAD_MIN_FREE_PERCENT, 10),
    retentionDays: env.RETENTION_DAYS ? Math.min(parsePositive('RETENTION_DAYS', env.RETENTION_DAYS, 1), 36_500) : undefined,
    rateLimits: parseLimits<RateLimits>(env, RATE_LIMIT_DEFAULTS),
    sessionLimits: parseLimits<SessionLimits>(env, SESSION_LIMIT_DEFAULTS),
    offlineMessagesPerDay: parsePositive('OFFLINE_MESSAGES_PER_DAY', env.OFFLINE_MESSAGES_PER_DAY, 10_000),
    alertMailsPerHour: parsePositive('ALERT_MAILS_PER_HOUR', env.ALERT_MAILS_PER_HOUR, 20),
    transcriptsPerChannelPerHour: parsePositive('TRANSCRIPTS_PER_CHANNEL_PER_HOUR', env.TRANSCRIPTS_PER_CHANNEL_PER_HOUR, 30),
    rateLimitDelayMs: parseDelay(env.RATE_LIMIT_DELAY_MS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    busHoldMs: parseBusHold(env.BUS_HOLD_SECONDS),
    busRetentionMs: parsePositive('BUS_RETENTION_HOURS', env.BUS_RETENTION_HOURS, 24) * 3600_000,
    metricsToken: env.METRICS_TOKEN && env.METRICS_TOKEN !== '' ? env.METRICS_TOKEN : undefined,
    metricsPort: parseMetricsPort(env.METRICS_PORT),
    metricsHost: env.METRICS_HOST && env.METRICS_HOST !== '' ? env.METRICS_HOST : '127.0.0.1',
  };
}
