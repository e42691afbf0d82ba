/**
 * The window: 400 px open, 34 px folded, 200 ms (SPEC.md §9); full screen on mobile; mirrored for rtl.
 * The height is the SPEC's and no custom property changes it; width, offsets, corners and header colours
 * are the host page's to theme (the header colour attributes, set inline, still win). The `position`
 * attribute names a physical side; on mobile the window takes the screen whatever it says. There its
 * header is two lines high (48 px), the typing text below the title, so a narrow screen cuts neither; a
 * minimised window stays laid out (the thread keeps following its end) but can be neither seen nor reached.
 */
export const chatWindowCss = `
.lc-window {
  position: fixed;
  bottom: var(--live-chat-offset-bottom, 0px);
  inset-inline-end: var(--live-chat-offset-inline, 12px);
  z-index: var(--live-chat-z-index, 2147483000);
  display: flex;
  flex-direction: column;
  width: var(--live-chat-width, 340px);
  max-width: calc(100vw - 24px);
  height: 400px;
  overflow: hidden;
  border-radius: var(--live-chat-radius, 8px) var(--live-chat-radius, 8px) 0 0;
  background: var(--lc-bg);
  box-shadow: 0 0 12px rgba(0, 0, 0, 0.3);
  transition: height 200ms ease;
}
.lc-window[data-folded] { height: 34px; }
.lc-window[data-minimised] { visibility: hidden; }
:host([position="left" i]) .lc-window:not([data-mobile]), :host([position="left" i]) .lc-notice {
  left: var(--live-chat-offset-inline, 12px); right: auto;
}
:host([position="right" i]) .lc-window:not([data-mobile]), :host([position="right" i]) .lc-notice {
  right: var(--live-chat-offset-inline, 12px); left: auto;
}
.lc-window[data-mobile] {
  inset: 0;
  width: 100%;
  max-width: none;
  height: 100%;
  border-radius: 0;
}
@media (prefers-reduced-motion: reduce) {
  .lc-window { transition: none; }
}
.lc-header {
  display: flex;
  align-items: center;
  gap: 4px;
  flex: 0 0 34px;
  min-height: 34px;
  padding: 0 6px 0 10px;
  padding-inline: 10px 6px;
  background: var(--live-chat-header-background, var(--live-chat-accent, #6b4563));
  color: var(--live-chat-header-color, var(--live-chat-accent-text, #ffffff));
  cursor: pointer;
  user-select: none;
}
.lc-window[data-mobile] .lc-header { cursor: default; flex-basis: 48px; min-height: 48px; }
.lc-header-avatar { flex: 0 0 24px; width: 24px; height: 24px; margin-inline-end: 4px; border-radius: 50%; object-fit: cover; background: #ffffff; }
.lc-header-text { display: flex; align-items: baseline; gap: 8px; flex: 1 1 auto; min-width: 0; }
.lc-title {
  margin: 0; font-size: 1em; font-weight: 700;
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
}
.lc-header-sub { min-width: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.lc-window[data-mobile] .lc-header-text { flex-direction: column; align-items: flex-start; gap: 0; }
.lc-window[data-mobile] .lc-title, .lc-window[data-mobile] .lc-header-sub { max-width: 100%; }
.lc-body { display: flex; flex-direction: column; flex: 1 1 auto; min-height: 0; }
`;
