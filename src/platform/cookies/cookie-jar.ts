/** Anything with a `cookie` accessor that behaves like `document.cookie`. */
export interface CookieDocument {
  cookie: string;
}

/** Lifetime used when a caller gives none: one year, in seconds (SPEC.md §9). */
export const DEFAULT_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Reads and writes JSON values in cookies of the host page's origin, on path `/`. */
export interface CookieJar {
  /** The JSON value of a cookie, or `undefined` when absent or not readable as JSON. */
  get<T = unknown>(name: string): T | undefined;
  /** Writes a JSON value for `maxAgeSeconds` (default one year). */
  set(name: string, value: unknown, maxAgeSeconds?: number): void;
  /** Removes a cookie. */
  delete(name: string): void;
}

/** Thrown for a cookie name the browser would mangle or a value that has no JSON form. */
export class CookieError extends Error {
  constructor(
    /** `invalid_name` or `not_serialisable`. */
    readonly code: 'invalid_name' | 'not_serialisable',
    /** The cookie concerned. */
    readonly cookieName: string,
  ) {
    super(code === 'invalid_name' ? `"${cookieName}" is not a valid cookie name` : `The value of cookie "${cookieName}" has no JSON form`);
    this.name = 'CookieError';
  }
}

// RFC 6265 token characters.
const NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Characters that never appear in an encoded value: a value holding one is legacy raw JSON as the
// reference widget wrote it (PROTOCOL.md §7.1), which must be parsed without decoding.
const RAW_JSON_MARK = /[\s"{}[\],:]/;

/**
 * The cookie form of a JSON value. Percent-encoding keeps spaces, commas, quotes, semicolons and non-ASCII
 * text intact through the browser; the reference widget wrote raw JSON, which broke on those (and a later
 * revision lower-cased it, PROTOCOL.md §7.1).
 */
export function encodeCookieValue(name: string, value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    json = undefined;
  }
  if (json === undefined) throw new CookieError('not_serialisable', name);
  return encodeURIComponent(json);
}

/** Reads a cookie value written by {@link encodeCookieValue} or as legacy raw JSON; `undefined` if neither. */
export function decodeCookieValue(raw: string): unknown {
  if (!RAW_JSON_MARK.test(raw)) {
    try {
      return JSON.parse(decodeURIComponent(raw)) as unknown;
    } catch {
      // Not ours: fall through to the raw reading below.
    }
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function checkName(name: string): void {
  if (!NAME.test(name)) throw new CookieError('invalid_name', name);
}

/**
 * A {@link CookieJar} over `document.cookie`. Cookies are written as
 * `name=value;path=/;max-age=<s>;expires=<UTC date>` (PROTOCOL.md §7.1); `expires` is kept beside
 * `max-age` for old browsers that ignore the latter.
 */
export function createCookieJar(doc: CookieDocument = document, now: () => number = Date.now): CookieJar {
  const write = (name: string, value: string, maxAgeSeconds: number): void => {
    const expires = new Date(now() + maxAgeSeconds * 1000).toUTCString();
    doc.cookie = `${name}=${value};path=/;max-age=${maxAgeSeconds};expires=${expires}`;
  };

  return {
    get<T = unknown>(name: string): T | undefined {
      checkName(name);
      for (const part of doc.cookie.split(';')) {
        const pair = part.trimStart();
        const eq = pair.indexOf('=');
        if (eq < 0 || pair.slice(0, eq) !== name) continue;
        return decodeCookieValue(pair.slice(eq + 1)) as T | undefined;
      }
      return undefined;
    },
    set(name, value, maxAgeSeconds = DEFAULT_COOKIE_MAX_AGE) {
      checkName(name);
      write(name, encodeCookieValue(name, value), Math.round(maxAgeSeconds));
    },
    delete(name) {
      checkName(name);
      write(name, '', -1);
    },
  };
}
