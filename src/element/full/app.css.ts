/**
 * Placement rules of the assembled widget (the components' own styles are in src/ui). A new-message
 * notice shows while the window is folded or the page hidden: it sits above the window, never over its
 * header's Restore and Close controls (34 px folded, 400 px open, SPEC.md §9, plus the 12 px gap).
 */
export const appCss = `
.lc-app[data-window="folded"] .lc-notice[data-kind="info"] { bottom: 46px; }
.lc-app[data-window="open"]:not([data-mobile]) .lc-notice[data-kind="info"] { bottom: 412px; }
`;
