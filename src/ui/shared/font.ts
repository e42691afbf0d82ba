/**
 * The widget's font, overridable by the host page through `--live-chat-font-family` (custom properties
 * inherit into the shadow root, so the page styles the element without reaching inside it).
 */
export const FONT_FAMILY = 'var(--live-chat-font-family,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif)';

/** Body text size of the window and notices (`--live-chat-font-size`). */
export const FONT_SIZE = 'var(--live-chat-font-size,14px)';
