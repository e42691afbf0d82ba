/**
 * Contents of the widget's cookies (SPEC.md §9, PROTOCOL.md §7.1): raw JSON, no URL-encoding and no
 * lower-casing. Cookie values come from the host page's origin, so everything read back is validated.
 */
import { COOKIES, LIMITS, type LivechatSession, type Many2one } from '../protocol/livechat.js';
import type { CookiePort } from './ports.js';

function isMany2one(v: unknown): v is Many2one {
  return Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'string';
}

/** Reads the session cookie; anything malformed counts as "no session". */
export function readSession(cookies: CookiePort): LivechatSession | undefined {
  const raw = cookies.get(COOKIES.session.name);
  if (!raw) return undefined;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (typeof v.uuid !== 'string' || !v.uuid || typeof v.id !== 'number' || !isMany2one(v.operator_pid)) return undefined;
    // A `state` of "folded" is honoured when `folded` is not a boolean (PROTOCOL.md §7.1).
    const folded = typeof v.folded === 'boolean' ? v.folded : v.state === 'folded';
    return {
      id: v.id,
      uuid: v.uuid,
      name: typeof v.name === 'string' ? v.name : '',
      operator_pid: v.operator_pid,
      folded,
      state: folded ? 'folded' : 'open',
      message_unread_counter: typeof v.message_unread_counter === 'number' ? v.message_unread_counter : 0,
    };
  } catch {
    return undefined;
  }
}

/** Writes the session cookie in the key order of PROTOCOL.md §7.1, for one hour. */
export function writeSession(cookies: CookiePort, session: LivechatSession): void {
  const value = JSON.stringify({
    folded: session.folded,
    id: session.id,
    message_unread_counter: session.message_unread_counter,
    operator_pid: session.operator_pid,
    name: session.name,
    uuid: session.uuid,
  });
  cookies.set(COOKIES.session.name, value, COOKIES.session.maxAge);
}

/** Forgets the session: the next open asks the server for a new one. */
export function clearSession(cookies: CookiePort): void {
  cookies.remove(COOKIES.session.name);
}

/** The auto-popup rule may fire unless the cookie says `false` (SPEC.md §4 "Opening"). */
export function autoPopupAllowed(cookies: CookiePort): boolean {
  return cookies.get(COOKIES.autoPopup.name) !== 'false';
}

/** Cookies written when a chat opens: auto-popup off for an hour, the operator remembered for 7 days. */
export function rememberOpenedChat(cookies: CookiePort, session: LivechatSession): void {
  writeSession(cookies, session);
  cookies.set(COOKIES.autoPopup.name, 'false', COOKIES.autoPopup.maxAge);
  if (session.operator_pid[0]) cookies.set(COOKIES.previousOperator.name, String(session.operator_pid[0]), COOKIES.previousOperator.maxAge);
}

/** The previous operator's partner id as the raw cookie string, or null (PROTOCOL.md §3.3). */
export function previousOperator(cookies: CookiePort): string | null {
  const v = cookies.get(COOKIES.previousOperator.name);
  return v && /^\d+$/.test(v) ? v : null;
}

/** Reads the visited paths (at most 15). */
export function readPageHistory(cookies: CookiePort): string[] {
  const raw = cookies.get(COOKIES.history.name);
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((p): p is string => typeof p === 'string').slice(-LIMITS.pageHistoryMax) : [];
  } catch {
    return [];
  }
}

/** Adds the current path when new, dropping the oldest beyond 15, kept for one day. */
export function recordPageVisit(cookies: CookiePort, path: string): string[] {
  const history = readPageHistory(cookies);
  if (history.includes(path)) return history;
  const next = [...history, path].slice(-LIMITS.pageHistoryMax);
  cookies.set(COOKIES.history.name, JSON.stringify(next), COOKIES.history.maxAge);
  return next;
}
