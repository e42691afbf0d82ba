import type { LiveChatEventDetails, LiveChatEventName } from '../state/events.js';

export type { LiveChatEventDetails, LiveChatEventName } from '../state/events.js';

/** `livechat:*` events as `addEventListener` sees them on `<live-chat>`. */
export type LiveChatEventMap = { [K in LiveChatEventName]: CustomEvent<LiveChatEventDetails[K]> };

/**
 * Dispatches a `livechat:*` event on the host element. Events bubble and cross shadow boundaries
 * (`composed`) so a listener on `document` hears them. A listener that throws must not break the widget.
 */
export function dispatchLiveChatEvent<K extends LiveChatEventName>(host: HTMLElement, name: K, detail: LiveChatEventDetails[K]): void {
  try {
    host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  } catch {
    // dispatchEvent only throws for invalid events; listeners' errors are reported by the browser itself.
  }
}
