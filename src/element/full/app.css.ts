/**
 * Placement rules of the assembled widget (the components' own styles are in src/ui). A new-message
 * notice shows while the window is folded or the page hidden: it sits above the window, never over its
 * header's Restore and Close controls (34 px folded, 400 px open, SPEC.md §9, plus the 12 px gap).
 * On mobile the open window takes the screen, its header 48 px high, so a notice goes over the thread
 * only: below the header and its buttons (8 px gap), and short enough to end above the composer (49 px
 * high; the 62 px kept leave a 13 px gap), scrolling when its text is longer. A host's bottom offset moves the window, so
 * the notice moves with it. The button standing in for a minimised window wears the unread counter on its
 * corner (here, not with the button's own rules, which the loader ships to every page). While the button
 * shows, a notice sits above it (the tallest launcher, the 56 px bubble 12 px up, plus a 12 px gap), since
 * what it says may be to press it.
 */
export const appCss = `
.lc-button .lc-unread {
  position: absolute; top: -8px; inset-inline-end: -6px; width: auto; height: auto; margin: 0;
  overflow: visible; clip-path: none; line-height: 1.4;
}
.lc-app[data-button] .lc-notice { bottom: calc(var(--live-chat-offset-bottom, 0px) + var(--lc-notice-raise, 0px) + 80px); }
.lc-app[data-window="folded"] .lc-notice[data-kind="info"] { bottom: calc(var(--live-chat-offset-bottom, 0px) + 46px); }
.lc-app[data-window="open"]:not([data-mobile]) .lc-notice[data-kind="info"] { bottom: calc(var(--live-chat-offset-bottom, 0px) + 412px); }
.lc-app[data-window="open"][data-mobile] .lc-notice {
  top: 56px; bottom: auto; inset-inline: 8px; max-width: none;
  max-height: calc(100% - 118px); overflow: auto;
}
`;
