/**
 * Typing of `<live-chat>` for TypeScript users: the tag name map, the event map on `document`, and
 * React 19 JSX (React 19 passes unknown props on custom elements through as attributes or properties).
 */
import type { LiveChatElement } from './live-chat-element.js';
import type { LiveChatEventMap } from './events.js';

/**
 * React 19 listens for `on<name>` props of a custom element under exactly `<name>`, so JSX writes
 * `onlivechat:open={…}` (a namespaced attribute name, colon and all).
 */
export type LiveChatJsxEvents = { [K in keyof LiveChatEventMap as `on${K}`]?: (event: LiveChatEventMap[K]) => void };

/** The attributes `<live-chat>` accepts in JSX (kebab-case, as in HTML). */
export interface LiveChatJsxAttributes extends LiveChatJsxEvents {
  'channel-id': string | number;
  'server-url'?: string;
  'button-text'?: string;
  'button-background-color'?: string;
  'button-text-color'?: string;
  'header-color'?: string;
  'title-color'?: string;
  'input-placeholder'?: string;
  'default-message'?: string;
  'default-username'?: string;
  lang?: string;
  'install-banner-selector'?: string;
  /** `"false"` keeps no page-history cookie. */
  'track-pages'?: 'true' | 'false' | boolean;
  position?: 'right' | 'left';
  theme?: 'light' | 'dark' | 'auto';
  launcher?: 'tab' | 'bubble';
  'visitor-name'?: string;
  'visitor-email'?: string;
  'visitor-id'?: string;
  /** Hex HMAC-SHA256 of `visitor-id` keyed by the channel's identity secret. */
  'visitor-hash'?: string;
  /** JWT (HS256 under the channel's identity secret, made on the host's server): `sub`, optional `name` and `email`, `exp` at most 24 h ahead. */
  'visitor-token'?: string;
  /** JSON object of up to 20 strings (the `context` property takes an object). */
  'visitor-context'?: string;
  id?: string;
  class?: string;
  className?: string;
  /** React 19 ref to the element. */
  ref?: import('react').Ref<LiveChatElement>;
  key?: string | number;
}

declare global {
  interface HTMLElementTagNameMap {
    'live-chat': LiveChatElement;
  }
  // `livechat:*` events bubble and are composed, so `document` hears them too.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface DocumentEventMap extends LiveChatEventMap {}
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'live-chat': LiveChatJsxAttributes;
    }
  }
}
