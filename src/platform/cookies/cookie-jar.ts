import { decodeCookieValue, encodeCookieValue, readCookie, writeCookie, type CookieDocument } from './cookie-string.js';

export { decodeCookieValue, encodeCookieValue, type CookieDocument } from './cookie-string.js';

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

function checkName(name: string): void {
  if (!NAME.test(name)) throw new CookieError('invalid_name', name);
}

/** A {@link CookieJar} over `document.cookie`, in the format of cookie-string.ts. */
export function createCookieJar(doc: CookieDocument = document, now: () => number = Date.now): CookieJar {
  return {
    get<T = unknown>(name: string): T | undefined {
      checkName(name);
      const raw = readCookie(doc, name);
      return raw === undefined ? undefined : (decodeCookieValue(raw) as T | undefined);
    },
    set(name, value, maxAgeSeconds = DEFAULT_COOKIE_MAX_AGE) {
      checkName(name);
      const encoded = encodeCookieValue(value);
      if (encoded === undefined) throw new CookieError('not_serialisable', name);
      writeCookie(doc, name, encoded, Math.round(maxAgeSeconds), now());
    },
    delete(name) {
      checkName(name);
      writeCookie(doc, name, '', -1, now());
    },
  };
}
