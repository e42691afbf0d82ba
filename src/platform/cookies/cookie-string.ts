/**
 * The widget's cookie format, in one place: percent-encoded JSON on path `/` with `max-age` and
 * `expires`, read back whether written so or as the reference widget's raw JSON. Small and free of
 * imports, so the eager loader writes page history and reads the session cookie with the same code as
 * the jar of the React part.
 */

/** Anything with a `cookie` accessor that behaves like `document.cookie`. */
export interface CookieDocument {
  cookie: string;
}

// Characters that never appear in an encoded value: a value holding one is legacy raw JSON as the
// reference widget wrote it (PROTOCOL.md §7.1), which must be parsed without decoding.
const RAW_JSON_MARK = /[\s"{}[\],:]/;

/**
 * The cookie form of a JSON value, or undefined when it has none. Percent-encoding keeps spaces, commas,
 * quotes, semicolons and non-ASCII text intact through the browser; the reference widget wrote raw JSON,
 * which broke on those (and a later revision lower-cased it, PROTOCOL.md §7.1).
 */
export function encodeCookieValue(value: unknown): string | undefined {
  try {
    const json = JSON.stringify(value);
    return json === undefined ? undefined : encodeURIComponent(json);
  } catch {
    return undefined;
  }
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

/** The raw value of cookie `name` in `doc`, or undefined. */
export function readCookie(doc: CookieDocument, name: string): string | undefined {
  for (const part of doc.cookie.split(';')) {
    const pair = part.trimStart();
    const eq = pair.indexOf('=');
    if (eq >= 0 && pair.slice(0, eq) === name) return pair.slice(eq + 1);
  }
  return undefined;
}

/**
 * Writes an encoded value as `name=value;path=/;max-age=<s>;expires=<UTC date>` (PROTOCOL.md §7.1);
 * `expires` is kept beside `max-age` for old browsers that ignore the latter. A negative age deletes.
 */
export function writeCookie(doc: CookieDocument, name: string, value: string, maxAgeSeconds: number, now: number = Date.now()): void {
  doc.cookie = `${name}=${value};path=/;max-age=${maxAgeSeconds};expires=${new Date(now + maxAgeSeconds * 1000).toUTCString()}`;
}
