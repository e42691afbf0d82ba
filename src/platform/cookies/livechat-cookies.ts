import { COOKIES, LIMITS, type LivechatSession, type Many2one } from '../../protocol/livechat.js';
import type { CookieJar } from './cookie-jar.js';
import { encodeCookieValue } from './cookie-string.js';

/** The widget's own cookies (PROTOCOL.md §7.1), with their lifetimes from `COOKIES`. */
export interface LivechatCookies {
  /** The stored session, or `undefined` when absent or not shaped like a session. */
  readSession(): LivechatSession | undefined;
  /** Stores the session for one hour; called when the chat opens, on every fold toggle, minimise and unread change. */
  writeSession(session: LivechatSession): void;
  /** Forgets the session (the chat was closed). */
  clearSession(): void;
  /** Forgets every cookie of the widget: the host page's visitor logged out. */
  clearAll(): void;
  /** False once the chat was opened in the last hour: the auto-popup rule must not fire again. */
  isAutoPopupAllowed(): boolean;
  /** Stops the auto-popup for one hour. */
  disableAutoPopup(): void;
  /** Partner id of the operator of the last conversation (kept 7 days), if any. */
  readPreviousOperator(): number | undefined;
  /** Remembers the operator so that a returning visitor gets the same one. */
  writePreviousOperator(partnerId: number): void;
  /** Pages visited in the last day, oldest first. */
  readPageHistory(): string[];
  /** Appends the page (path + query + hash) if it is new, dropping the oldest beyond 15; returns the list. */
  recordPageVisit(page: string): string[];
}

// Browsers drop a cookie larger than 4096 bytes silently; the history sheds old pages to stay below.
const MAX_COOKIE_VALUE = 3800;

function isMany2one(value: unknown): value is Many2one {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'string';
}

/**
 * Reads a session cookie defensively: it may come from an older widget, another tab's version, or a hand
 * edit. `folded` wins; a `state` of `folded` is honoured when `folded` is not a boolean (PROTOCOL.md §7.1).
 */
export function toLivechatSession(value: unknown): LivechatSession | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.uuid !== 'string' || v.uuid === '' || typeof v.id !== 'number' || !isMany2one(v.operator_pid)) return undefined;
  const folded = typeof v.folded === 'boolean' ? v.folded : v.state === 'folded';
  return {
    folded,
    id: v.id,
    message_unread_counter: typeof v.message_unread_counter === 'number' ? v.message_unread_counter : 0,
    operator_pid: v.operator_pid,
    name: typeof v.name === 'string' ? v.name : '',
    uuid: v.uuid,
    state: v.state === 'closed' ? 'closed' : folded ? 'folded' : 'open',
    ...(typeof v.visitor_id === 'string' && v.visitor_id !== '' ? { visitor_id: v.visitor_id } : {}),
    ...(v.minimised === true ? { minimised: true } : {}),
  };
}

/** The widget's cookie helpers over a {@link CookieJar}. */
export function createLivechatCookies(jar: CookieJar): LivechatCookies {
  const readPageHistory = (): string[] => {
    const stored = jar.get<unknown>(COOKIES.history.name);
    return Array.isArray(stored) ? stored.filter((p): p is string => typeof p === 'string').slice(-LIMITS.pageHistoryMax) : [];
  };

  return {
    readSession: () => toLivechatSession(jar.get(COOKIES.session.name)),
    writeSession(session) {
      // Key order as the reference widget writes it; normalising also keeps unrelated fields out.
      const { folded, id, message_unread_counter, operator_pid, name, uuid, state, visitor_id, minimised } = session;
      const extras = { ...(visitor_id ? { visitor_id } : {}), ...(minimised ? { minimised: true } : {}) };
      jar.set(COOKIES.session.name, { folded, id, message_unread_counter, operator_pid, name, uuid, state, ...extras }, COOKIES.session.maxAge);
    },
    clearSession: () => jar.delete(COOKIES.session.name),
    clearAll() {
      for (const cookie of Object.values(COOKIES)) jar.delete(cookie.name);
    },
    isAutoPopupAllowed: () => jar.get(COOKIES.autoPopup.name) !== false,
    disableAutoPopup: () => jar.set(COOKIES.autoPopup.name, false, COOKIES.autoPopup.maxAge),
    readPreviousOperator() {
      const pid = jar.get<unknown>(COOKIES.previousOperator.name);
      return typeof pid === 'number' && Number.isInteger(pid) ? pid : undefined;
    },
    writePreviousOperator: (partnerId) => jar.set(COOKIES.previousOperator.name, partnerId, COOKIES.previousOperator.maxAge),
    readPageHistory,
    recordPageVisit(page) {
      const history = readPageHistory();
      if (history.includes(page)) return history;
      history.push(page);
      while (history.length > LIMITS.pageHistoryMax) history.shift();
      while (history.length > 1 && (encodeCookieValue(history)?.length ?? 0) > MAX_COOKIE_VALUE) history.shift();
      jar.set(COOKIES.history.name, history, COOKIES.history.maxAge);
      return history;
    },
  };
}
