/**
 * The colour palettes of the window, thread, composer, feedback panel and notices, switched by the host's
 * `theme` attribute: light by default, dark, or auto (the visitor's `prefers-color-scheme`). Both meet
 * WCAG AA contrast for text on every surface they pair with. The button and header keep the accent
 * (custom properties, attributes, channel options), which is the host page's to choose in either theme.
 * The attachment viewer is dark in both themes already.
 */
const DARK = `color-scheme: dark;
  --lc-bg: #1f2023; --lc-fg: #e8eaed; --lc-thread: #17181b; --lc-muted: #b4b8bf; --lc-quote: #c8ccd2;
  --lc-line: #3c4043; --lc-field: #8e939a; --lc-disabled: #2b2c30; --lc-link: #8ab4f8; --lc-focus: #8ab4f8;
  --lc-error: #f2b8b5; --lc-ok: #81c995; --lc-alert-bg: #3b1a18; --lc-alert-fg: #f9dedc; --lc-selected: #e0c3d8;
  --lc-bubble: #2b2c30; --lc-own-bubble: #3d3040;`;

export const themeCss = `
:host {
  color-scheme: light;
  --lc-bg: #ffffff; --lc-fg: #1f1f1f; --lc-thread: #fafafa; --lc-muted: #555555; --lc-quote: #444444;
  --lc-line: #d9d9d9; --lc-field: #767676; --lc-disabled: #f0f0f0; --lc-link: #0b57d0; --lc-focus: #1a73e8;
  --lc-error: #b3261e; --lc-ok: #1e6b2f; --lc-alert-bg: #fdecea; --lc-alert-fg: #5f1411;
  --lc-selected: var(--live-chat-accent, #6b4563);
  --lc-bubble: #ffffff; --lc-own-bubble: #efe6ec;
}
:host([theme="dark" i]) { ${DARK} }
@media (prefers-color-scheme: dark) {
  :host([theme="auto" i]) { ${DARK} }
}
`;
