/**
 * SPEC.md §9 and PROTOCOL.md §6.1: once the element is in the page, whether or not an operator is
 * available, the current page (path, query and fragment) joins the `im_livechat_history` cookie (15
 * paths, one day), which the widget sends when the operator asks for the visitor's pages. Single-page
 * apps change pages without a load, so their history navigations count too (issue 14); a page that sets
 * `track-pages="false"` writes nothing (consent first).
 *
 * The cookie is read and written with the platform's cookie format functions, the ones its jar uses.
 */
import { decodeCookieValue, encodeCookieValue, readCookie, writeCookie } from '../platform/cookies/cookie-string.js';
import { COOKIES, PAGE_HISTORY_MAX } from '../protocol/cookies.js';

const { name, maxAge } = COOKIES.history;

function read(doc: { cookie: string }): string[] {
  const raw = readCookie(doc, name);
  const list = raw === undefined ? undefined : decodeCookieValue(raw);
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
}

/** Adds the current page to the history cookie. Never throws: a page that refuses cookies loses only its history. */
export function recordCurrentPage(doc: { cookie: string } = document, where: Pick<Location, 'pathname' | 'search' | 'hash'> = location): void {
  try {
    const path = where.pathname + where.search + where.hash;
    const history = read(doc);
    if (history.includes(path)) return;
    writeCookie(doc, name, encodeCookieValue([...history, path].slice(-PAGE_HISTORY_MAX))!, maxAge);
  } catch {
    // document.cookie throws in sandboxed frames without same-origin; the widget works without history.
  }
}

// Where navigations are recorded: undefined while tracking is off.
let recordTo: { cookie: string } | undefined;
const hooked = new WeakSet<object>();

/**
 * Records the current page and, while `on`, each later history navigation. The host's pushState and
 * replaceState are wrapped once per window, whatever `on` becomes later: unwrapping would undo
 * wrappers other scripts added on top of ours.
 */
export function followPages(on: boolean, win: Pick<Window, 'history' | 'location' | 'addEventListener'> = window, doc: { cookie: string } = document): void {
  recordTo = on ? doc : undefined;
  const record = (): void => {
    if (recordTo) recordCurrentPage(recordTo, win.location);
  };
  record();
  if (!on || hooked.has(win)) return;
  hooked.add(win);
  const { history } = win;
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      // The host's call comes first and keeps its own this, arguments, result and errors.
      const result = original.apply(this, args);
      record();
      return result;
    };
  }
  win.addEventListener('popstate', record);
  win.addEventListener('hashchange', record);
}
