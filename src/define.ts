import { LiveChatElement } from './element/live-chat-element.js';
import './element/jsx.js';

/** The tag name the element registers under. */
export const TAG_NAME = 'live-chat';

/**
 * Registers `<live-chat>` once. A second copy of the script on the same page (a CMS adding it twice)
 * must not throw into the host page, so an existing definition wins.
 */
export function defineLiveChat(registry: CustomElementRegistry = customElements): void {
  if (!registry.get(TAG_NAME)) registry.define(TAG_NAME, LiveChatElement);
}

// Server-side rendering imports this module too, where there is no registry and no page to record.
if (typeof customElements !== 'undefined') {
  defineLiveChat();
}
