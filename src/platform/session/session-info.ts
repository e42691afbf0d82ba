/**
 * The session-info object (PROTOCOL.md §9): what the page may provide and what authenticate and
 * get_session_info answer. Only the fields the platform uses are typed; the rest passes through.
 */

/** The user's context: sent with every `call_kw`; `lang` drives translations. */
export interface UserContext {
  lang?: string;
  tz?: string;
  uid?: number;
  [key: string]: unknown;
}

/** Cache keys of the server-side bundles a client may fetch. */
export interface CacheHashes {
  translations?: string;
  qweb?: string;
  [key: string]: string | undefined;
}

/** A currency as get_session_info sends it: `digits` is `[69, decimal places]`. */
export interface Currency {
  symbol: string;
  position: 'before' | 'after';
  digits: [number, number];
}

/** The session-info object as it travels. */
export interface SessionInfo {
  uid: number | null;
  username?: string | null;
  db?: string | null;
  user_context?: UserContext;
  cache_hashes?: CacheHashes;
  currencies?: Record<string, Currency>;
  [key: string]: unknown;
}

/** The fields a session keeps, always present once read. */
export interface SessionFields {
  uid: number | null;
  username: string | null;
  db: string | null;
  user_context: UserContext;
  cache_hashes: CacheHashes;
  currencies: Record<string, Currency>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readCurrencies(raw: unknown): Record<string, Currency> {
  if (!isRecord(raw)) return {};
  const out: Record<string, Currency> = {};
  for (const [id, value] of Object.entries(raw)) {
    if (!isRecord(value) || typeof value.symbol !== 'string') continue;
    const digits = Array.isArray(value.digits) && value.digits.length === 2 ? value.digits.map(Number) : [69, 2];
    out[id] = {
      symbol: value.symbol,
      position: value.position === 'before' ? 'before' : 'after',
      digits: [digits[0] ?? 69, digits[1] ?? 2],
    };
  }
  return out;
}

/**
 * Reads a session-info object defensively: a page-provided object may be partial or wrong, and a bad
 * field must not break the widget. Odoo sends `false` for empty values; those become null or empty.
 */
export function readSessionInfo(raw: unknown): SessionFields {
  const info = isRecord(raw) ? raw : {};
  const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
  const hashes: CacheHashes = {};
  if (isRecord(info.cache_hashes)) {
    for (const [key, value] of Object.entries(info.cache_hashes)) if (typeof value === 'string') hashes[key] = value;
  }
  return {
    uid: typeof info.uid === 'number' && info.uid > 0 ? info.uid : null,
    username: text(info.username),
    db: text(info.db),
    user_context: isRecord(info.user_context) ? { ...info.user_context } : {},
    cache_hashes: hashes,
    currencies: readCurrencies(info.currencies),
  };
}
