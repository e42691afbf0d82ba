import { RATE_LIMIT_DEFAULTS, SESSION_LIMIT_DEFAULTS } from './config-limits.js';

/** Every variable the server and its command line read (README "Configuration"). */
export const SETTING_NAMES: readonly string[] = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DEMO',
  'DATABASE_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'ALLOWED_ORIGINS',
  'PUBLIC_URL',
  'LIVECHAT_ADMIN_LOGIN',
  'LIVECHAT_ADMIN_PASSWORD',
  'LIVECHAT_PASSWORD',
  'NODE_ENV',
  'LOG_LEVEL',
  'MESSAGE_MAX_LENGTH',
  'ATTACHMENT_MAX_BYTES',
  'IMAGE_MAX_PIXELS',
  'VISITOR_UPLOAD_SESSION_MAX_BYTES',
  'VISITOR_UPLOAD_ADDRESS_DAILY_BYTES',
  'VISITOR_UPLOAD_CHANNEL_DAILY_BYTES',
  'OPERATOR_UPLOAD_DAILY_BYTES',
  'RATE_LIMIT_OPERATOR_UPLOAD',
  'UPLOAD_MIN_FREE_PERCENT',
  'RETENTION_DAYS',
  'OFFLINE_MESSAGES_PER_DAY',
  'ALERT_MAILS_PER_HOUR',
  'TRANSCRIPTS_PER_CHANNEL_PER_HOUR',
  'RATE_LIMIT_DELAY_MS',
  'TRUST_PROXY',
  'BUS_HOLD_SECONDS',
  'BUS_RETENTION_HOURS',
  'METRICS_TOKEN',
  'METRICS_PORT',
  'METRICS_HOST',
  ...Object.values(RATE_LIMIT_DEFAULTS).map(([name]) => name),
  ...Object.values(SESSION_LIMIT_DEFAULTS).map(([name]) => name),
];

/** Prefixes only this product uses: an unknown name under them is a slip however far it is from a known one. */
const OWN_PREFIXES = ['LIVECHAT_', 'RATE_LIMIT_', 'SESSION_LIMIT_'];

/** Edits (insert, delete, replace, swap two neighbours) between two names: `SMTP_ULR` is one from `SMTP_URL`. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) d[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * How far a name may be from a known one and still count as a slip of it. Short names get no slack:
 * `HOME` is two edits from `HOST`, and a shell's own variables must never be reported.
 */
function slack(known: string): number {
  if (known.length >= 8) return 2;
  return known.length >= 6 ? 1 : 0;
}

function nearest(name: string): { known: string; distance: number } | undefined {
  let best: { known: string; distance: number } | undefined;
  for (const known of SETTING_NAMES) {
    const distance = editDistance(name.toUpperCase(), known);
    if (best === undefined || distance < best.distance) best = { known, distance };
  }
  return best;
}

/** One warning line for each variable of the environment that looks like a misspelt setting. */
export function unknownSettingWarnings(env: NodeJS.ProcessEnv): string[] {
  const warnings: string[] = [];
  for (const name of Object.keys(env)) {
    if (SETTING_NAMES.includes(name)) continue;
    const near = nearest(name);
    const ours = OWN_PREFIXES.some((prefix) => name.toUpperCase().startsWith(prefix));
    if (near !== undefined && (ours || near.distance <= slack(near.known))) {
      warnings.push(`${name} is not a setting and is ignored; did you mean ${near.known}?`);
    }
  }
  return warnings;
}
