/**
 * Issue 12: the server refused this page's site (it is missing from the server's ALLOWED_ORIGINS). A
 * chunk of its own, loaded only by such a page: the loader has no bytes to spare. The availability
 * re-checks keep meeting the same refusal; the developer reads it once per server, and each element
 * reports it once.
 */
import type { LiveChatEventDetails, LiveChatEventName } from './events.js';

/** English text of the `origin_not_allowed` error. */
const ORIGIN_NOT_ALLOWED_TEXT = "This site is not in the chat server's ALLOWED_ORIGINS";

type Emit = <K extends LiveChatEventName>(name: K, detail: LiveChatEventDetails[K]) => void;

const warnedAbout = new Set<string>();
const told = new WeakSet<Emit>();

/** Warns once per server, and fires `livechat:error` `origin_not_allowed` once per element (by its emitter). */
export function reportRefusal(serverUrl: string, emit: Emit): void {
  if (!warnedAbout.has(serverUrl)) console.warn(`<live-chat>: ${ORIGIN_NOT_ALLOWED_TEXT} (${serverUrl}): add ${location.origin} to it`);
  warnedAbout.add(serverUrl);
  if (!told.has(emit)) emit('livechat:error', { code: 'origin_not_allowed', message: ORIGIN_NOT_ALLOWED_TEXT });
  told.add(emit);
}
