import r2wc from '@r2wc/core';
import type { ComponentType } from 'react';
import { writeCookie } from '../platform/cookies/cookie-string.js';
import { COOKIES } from '../protocol/cookies.js';
import type { VisitorUser } from '../state/visitor.js';
import { ATTRIBUTE_PROPS } from './attributes.js';
import type { FullWidgetLoader } from './controller.js';
import type { LiveChatEventMap } from './events.js';
import { controllerOf, lazyRenderer, type ElementProps } from './lazy-renderer.js';

// r2wc wants the React component up front; the real one arrives with the lazy chunk, so the renderer
// ignores this stand-in.
const LazyApp = (() => null) as unknown as ComponentType<ElementProps>;

/** Fetches the React part (a separate chunk of the widget build). */
const loadFullWidget: FullWidgetLoader = () => import('./full/index.js').then((m) => m.createFullWidget);

// Frameworks that render on the server (Next.js, Nuxt, Astro) import this module in Node, where there is
// no HTMLElement for r2wc's class to extend: a plain class stands in so the import succeeds, and nothing
// is ever defined there (see define.ts).
const Base = (
  typeof HTMLElement === 'undefined' ? class {} : r2wc(LazyApp, { shadow: 'open', props: [...ATTRIBUTE_PROPS] }, lazyRenderer(loadFullWidget))
) as new () => HTMLElement;

/**
 * An embeddable live chat with the site's operators (SPEC.md §2–§6). Renders in an open shadow root;
 * React loads only once the visitor shows interest in the button. Texts and colours come from the
 * attributes, else from the channel's settings (edited by admins in the operator console), else from
 * the defaults in the page's language.
 *
 * @tag live-chat
 * @summary Website live chat: a floating button that opens a conversation with an available operator.
 *
 * @attr {string} channel-id - The livechat channel to talk to (required, a positive integer).
 * @attr {string} server-url - Origin of the live-chat server. Default: the origin the script came from.
 * @attr {string} button-text - Text of the floating button. Default: the channel's setting, else "Chat with one of our collaborators".
 * @attr {string} button-background-color - Background colour of the button (a CSS colour; anything else is ignored). Default: the channel's setting.
 * @attr {string} button-text-color - Text colour of the button (a CSS colour). Default: the channel's setting.
 * @attr {string} header-color - Background colour of the chat window header (a CSS colour). Default: the channel's setting.
 * @attr {string} title-color - Colour of the header title (a CSS colour). Default: the channel's setting.
 * @attr {string} input-placeholder - Placeholder and accessible name of the composer. Default: the channel's setting, else "Ask something ...".
 * @attr {string} default-message - Welcome message of new conversations; empty for none. Default: the channel's setting, else "How may I help you?".
 * @attr {string} default-username - Name shown for the visitor's messages. Default "Visitor".
 * @attr {string} lang - Language of the widget (en, fr, ar…). Default: the page's `<html lang>`.
 * @attr {"right" | "left"} position - Side of the page for the button, window and notices, in every language. Default: right, or left in right-to-left languages.
 * @attr {"light" | "dark" | "auto"} theme - Colours of the window, thread, composer and feedback panel; `auto` follows the visitor's `prefers-color-scheme`. Default light.
 * @attr {"tab" | "bubble"} launcher - How the closed chat shows: `tab`, the button with its text at the bottom edge, or `bubble`, a round button with a chat icon, named by the button text. Default tab.
 * @attr {string} install-banner-selector - CSS selector of an install banner at the bottom of the host page; while it is in the page, the button sits above it (raised by its height, followed as it appears, disappears or resizes). Default `[data-live-chat-install-banner]`.
 * @attr {string} track-pages - Whether visited pages (page loads and single-page-app navigations: pushState, replaceState, popstate, hashchange) are kept in the `im_livechat_history` cookie for the operator. `"false"` writes no such cookie at all, for sites that ask for consent first. Default `true`.
 * @attr {string} visitor-name - The visitor's name, used for their messages and shown to operators as the visitor's own word (unverified); skips the pre-chat form's name. A name in `visitor-token` wins and is shown verified.
 * @attr {string} visitor-email - The visitor's e-mail address, shown to operators as the visitor's own word (unverified). An `email` in `visitor-token` wins and is shown verified.
 * @attr {string} visitor-id - The host's id of a signed-in visitor (at most 200 characters); needs `visitor-hash`. A verified visitor finds their open conversation and earlier ones on any device.
 * @attr {string} visitor-hash - Hex HMAC-SHA256 of `visitor-id` keyed by the channel's identity secret, computed on the host's server. It proves the id alone (not the name or e-mail address) and never expires: prefer `visitor-token`. A wrong one fires `livechat:error` `identity_rejected` and the visitor goes on anonymously.
 * @attr {string} visitor-token - Signed identity token made on the host's server: a JWT, HS256 keyed by the channel's identity secret, with claims `sub` (the visitor's id), optional `name` and `email`, and `exp` (required, at most 24 hours ahead). Proves the id and the name and e-mail address it carries, which operators see as verified and the page cannot change afterwards; wins over `visitor-id` and `visitor-hash`. An expired or wrong one fires `livechat:error` `identity_rejected` and the visitor goes on anonymously.
 * @attr {string} visitor-context - JSON object of up to 20 strings of at most 200 characters (plan, order number…) shown to the operator; the `context` property wins once set.
 *
 * @prop {boolean} isOpen - Whether the chat window is open (read-only).
 * @prop {number} unreadCount - Incoming messages the visitor has not seen (read-only).
 * @prop {Record<string, string> | undefined} context - Context values shown to the operator (plan, order number…): up to 20 strings of at most 200 characters under keys of at most 200. Bad entries are left out and reported as `livechat:error` `invalid_option`; a value that is no object is reported and changes nothing. Wins over `visitor-context` (`undefined` hands back to it); an open conversation is updated; may be set before the element is defined.
 *
 * @fires {CustomEvent<{available: boolean}>} livechat:ready - Availability is known; the button shows when `available`. Fires once more with `available: true` when an operator comes online later (the page asks again about once a minute while visible).
 * @fires {CustomEvent<{uuid: string, operator: [number, string]}>} livechat:open - A conversation window opened.
 * @fires {CustomEvent<{direction: "in" | "out", message: object}>} livechat:message - A message arrived or the visitor's post was accepted.
 * @fires {CustomEvent<{folded: boolean}>} livechat:fold - The window was folded or unfolded; on mobile, where it does not fold, hidden behind the button ("Minimise") or brought back.
 * @fires {CustomEvent<{count: number}>} livechat:unread - The unread counter changed.
 * @fires {CustomEvent<{rate: 5 | 3 | 1, reason: string}>} livechat:feedback - The visitor rated the conversation.
 * @fires {CustomEvent<{ok: boolean}>} livechat:transcript - The transcript request finished.
 * @fires {CustomEvent<{ok: boolean}>} livechat:offline-message - A message left through the offline form (a channel setting: while nobody is online the button reads "Leave us a message" and opens a form) was stored (`ok: true`), or could not be sent (`ok: false`; the form keeps what was typed to try again).
 * @fires {CustomEvent<{uuid: string}>} livechat:closed - The conversation ended.
 * @fires {CustomEvent<{code: string, message: string}>} livechat:error - Something went wrong (no operator, session expired, network, invalid attribute, `identity_rejected`: the visitor token or hash did not verify and the visitor goes on anonymously, `origin_not_allowed`: the server's ALLOWED_ORIGINS does not list this page's site, so no button shows).
 *
 * @cssprop {<color>} [--live-chat-accent=#6b4563] - Accent colour: primary buttons, the chosen rating, and the fallback of the header and button backgrounds.
 * @cssprop {<color>} [--live-chat-accent-text=#ffffff] - Text on the accent colour; the fallback of the header and button text colours.
 * @cssprop {<color>} [--live-chat-header-background=#6b4563] - Background of the window header. The `header-color` attribute or the channel's setting wins where set.
 * @cssprop {<color>} [--live-chat-header-color=#ffffff] - Text of the window header. The `title-color` attribute or the channel's setting wins where set.
 * @cssprop {<color>} [--live-chat-button-background=#875a7b] - Background of the chat button. The `button-background-color` attribute or the channel's setting wins where set.
 * @cssprop {<color>} [--live-chat-button-color=#ffffff] - Text of the chat button. The `button-text-color` attribute or the channel's setting wins where set.
 * @cssprop [--live-chat-font-family=system-ui, -apple-system, "Segoe UI", Roboto, sans-serif] - Font of the button, window and notices.
 * @cssprop {<length>} [--live-chat-font-size=14px] - Text size of the window and notices; the button's is 1px larger.
 * @cssprop {<length>} [--live-chat-radius=8px] - Radius of the top corners of the window and of the tab button.
 * @cssprop {<length>} [--live-chat-width=340px] - Width of the open window (at most the viewport less 24px; the height stays 400px open and 34px folded; full screen on mobile).
 * @cssprop {<length>} [--live-chat-offset-bottom=0px] - Distance of the button, window and notices from the bottom edge (not on mobile, where the window takes the screen).
 * @cssprop {<length>} [--live-chat-offset-inline=12px] - Distance of the button, window and notices from their side edge.
 * @cssprop {<integer>} [--live-chat-z-index=2147483000] - Stacking level of the button and window; notices take the next level.
 *
 * @csspart button - The floating chat button.
 * @csspart window - The chat window, and the offline message form.
 * @csspart header - The window header.
 * @csspart composer - The message composer.
 * @csspart feedback - The feedback panel.
 * @csspart notice - A sticky notice (no operator available, session expired).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface below
export class LiveChatElement extends Base {
  constructor() {
    super();
    // r2wc starts every element as connected, so a framework's first setAttribute on an element it built
    // with createElement would start the chat outside the page with that one attribute (channel-id
    // without server-url asks the wrong server). The element starts once it is in the page instead.
    // Reflect.set keeps r2wc's own flag out of the element's documented fields (custom-elements.json).
    Reflect.set(this, Symbol.for('r2wc.connected'), this.isConnected);
  }

  /** Opens the chat (as a click on the button would; a window hidden on a phone comes back). Queued until the widget is ready. */
  open(): void {
    controllerOf(this)?.call((s) => s.open(), true);
  }

  /** Closes the chat: the feedback panel first when there is a conversation to rate. Queued until ready. */
  close(): void {
    controllerOf(this)?.call((s) => s.requestClose());
  }

  /** Folds or unfolds the open window (no effect on mobile). Queued until ready. */
  toggleFold(): void {
    controllerOf(this)?.call((s) => s.toggleFold());
  }

  // The React part defines this property's accessor on the element when it starts (see
  // full/visitor-attributes.ts), so the loader ships nothing for it; until then a value waits on the
  // element as a plain property.
  declare context: Record<string, string> | undefined;

  /**
   * Identifies the visitor: `{token}` verifies the id and the name and e-mail address the token carries
   * (as for `visitor-token`); `{id, hash}` verifies the id alone (as for `visitor-hash`); `name` and
   * `email` given beside them are the visitor's own word. Wins over the `visitor-*` attributes until
   * `resetUser()`. A conversation under way is told; one of another verified visitor ends first. Queued
   * until ready.
   */
  setUser(user: VisitorUser): void {
    controllerOf(this)?.call((s) => s.setUser(user));
  }

  /**
   * For the host's log-out: ends the conversation here, clears the chat's cookies at once, drops the
   * `setUser()` visitor and the `context` property, and the visitor is anonymous again (the attributes
   * still apply).
   */
  resetUser(): void {
    // Now, whether or not the React part ever loads: no cookie of the chat outlives the log-out.
    for (const key in COOKIES) writeCookie(document, COOKIES[key as keyof typeof COOKIES].name, '', 0);
    controllerOf(this)?.call((s) => s.resetUser());
  }

  /** Whether the chat window is open. */
  get isOpen(): boolean {
    return controllerOf(this)?.isOpen ?? false;
  }

  /** Incoming messages the visitor has not seen. */
  get unreadCount(): number {
    return controllerOf(this)?.unreadCount ?? 0;
  }
}

// Typed `livechat:*` listeners, declared on the class's interface: overloads of HTMLElement's own methods,
// so no code ships for them.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- HTMLElement implements every member
export interface LiveChatElement {
  addEventListener<K extends keyof LiveChatEventMap>(type: K, listener: (this: LiveChatElement, ev: LiveChatEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: HTMLElement, ev: HTMLElementEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof LiveChatEventMap>(type: K, listener: (this: LiveChatElement, ev: LiveChatEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(type: K, listener: (this: HTMLElement, ev: HTMLElementEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}
