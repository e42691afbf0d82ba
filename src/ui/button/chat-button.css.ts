/**
 * Styles of the floating chat button. The loader's facade button uses the same class and rules so that
 * React taking over causes no layout shift.
 */
import { FONT_FAMILY, FONT_SIZE } from '../shared/font.js';

/**
 * The host page themes the button through the public custom properties (documented on the element
 * class); the colour attributes and channel options are set inline, so where they are set they win.
 * An explicit `position` is a physical side, in every language; without it the side follows the text
 * direction. The bubble launcher keeps its text for assistive technology only (its accessible name) and
 * floats 12 px above the bottom edge, as round launchers do.
 */
export const chatButtonCss = `
.lc-button {
  position: fixed;
  bottom: calc(var(--live-chat-offset-bottom, 0px) + var(--lc-button-raise, 0px));
  inset-inline-end: var(--live-chat-offset-inline, 12px);
  z-index: var(--live-chat-z-index, 2147483000);
  box-sizing: border-box;
  min-height: 44px;
  max-width: calc(100vw - 24px);
  padding: 10px 18px;
  border: 0;
  border-radius: var(--live-chat-radius, 8px) var(--live-chat-radius, 8px) 0 0;
  background: var(--live-chat-button-background, var(--live-chat-accent, #875a7b));
  color: var(--live-chat-button-color, var(--live-chat-accent-text, #fff));
  font: 600 calc(${FONT_SIZE} + 1px)/1.4 ${FONT_FAMILY};
  cursor: pointer;
  box-shadow: 0 -1px 6px rgba(0, 0, 0, .25);
}
:host([position="left" i]) .lc-button { left: var(--live-chat-offset-inline, 12px); right: auto; }
:host([position="right" i]) .lc-button { right: var(--live-chat-offset-inline, 12px); left: auto; }
.lc-button[data-launcher="bubble"] {
  display: grid; place-items: center; width: 56px; height: 56px; padding: 0; border-radius: 50%;
  bottom: calc(var(--live-chat-offset-bottom, 0px) + var(--lc-button-raise, 0px) + 12px);
}
.lc-button svg { width: 24px; height: 24px; fill: currentColor; }
.lc-button span { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.lc-button:hover { filter: brightness(1.08); }
.lc-button:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
`;
