/**
 * What the eager loader reads of the widget's cookies before React loads: whether a conversation is
 * under way (load the React part at once) and whether the auto-popup already ran in the last hour.
 */
import { decodeCookieValue, readCookie } from '../platform/cookies/cookie-string.js';
import { COOKIES } from '../protocol/livechat.js';

export const hasSessionCookie = (): boolean => readCookie(document, COOKIES.session.name) !== undefined;

export const autoPopupCookieFalse = (): boolean => {
  const raw = readCookie(document, COOKIES.autoPopup.name);
  return raw !== undefined && decodeCookieValue(raw) === false;
};
