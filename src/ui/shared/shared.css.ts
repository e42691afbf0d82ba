import { FONT_FAMILY, FONT_SIZE } from './font.js';

/** Styles shared by every screen: fonts, icon and link buttons, the unread badge, notices, status. */
export const sharedCss = `
.lc-window, .lc-notice {
  font: ${FONT_SIZE}/1.45 ${FONT_FAMILY};
  color: var(--lc-fg);
  box-sizing: border-box;
}
.lc-window *, .lc-notice * { box-sizing: border-box; }
[hidden] { display: none !important; }
.lc-icon-button {
  display: inline-flex; align-items: center; justify-content: center;
  min-width: 24px; min-height: 24px; padding: 2px 6px;
  border: 0; border-radius: 4px; background: transparent; color: inherit;
  font: inherit; font-size: 18px; line-height: 1; cursor: pointer;
}
.lc-link-button {
  min-height: 24px; padding: 0 2px; border: 0; background: none;
  color: var(--lc-link); font: inherit; text-decoration: underline; cursor: pointer;
}
.lc-primary {
  min-height: 32px; padding: 4px 14px; border: 0; border-radius: 4px;
  background: var(--live-chat-accent, #6b4563); color: var(--live-chat-accent-text, #ffffff);
  font: inherit; font-weight: 600; cursor: pointer;
}
.lc-primary:disabled { background: #8c8c8c; cursor: default; }
.lc-link-button:focus-visible, .lc-primary:focus-visible,
.lc-smiley:focus-visible, .lc-thumbnail-button:focus-visible, .lc-thread:focus-visible {
  outline: 2px solid var(--lc-focus); outline-offset: 2px;
}
.lc-icon-button:focus-visible { outline: 2px solid currentColor; outline-offset: 1px; }
.lc-unread {
  display: inline-block; min-width: 20px; padding: 1px 6px; margin-inline: 4px;
  border-radius: 10px; background: #b3261e; color: #ffffff;
  font-size: 12px; font-weight: 700; text-align: center;
}
.lc-status, .lc-typing { font-size: 12px; opacity: 0.95; }
.lc-typing-dots { display: inline-flex; gap: 2px; margin-inline-end: 4px; vertical-align: middle; }
.lc-typing-dots i { width: 4px; height: 4px; border-radius: 50%; background: currentColor; animation: lc-typing 1.2s infinite ease-in-out; }
.lc-typing-dots i:nth-child(2) { animation-delay: 0.2s; }
.lc-typing-dots i:nth-child(3) { animation-delay: 0.4s; }
@keyframes lc-typing { 0%, 60%, 100% { opacity: 0.3; } 30% { opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .lc-typing-dots i { animation: none; opacity: 0.8; } }
.lc-notice {
  position: fixed; bottom: calc(var(--live-chat-offset-bottom, 0px) + 12px);
  inset-inline-end: var(--live-chat-offset-inline, 12px); z-index: calc(var(--live-chat-z-index, 2147483000) + 1);
  display: flex; gap: 8px; align-items: flex-start;
  max-width: min(360px, calc(100vw - 24px)); padding: 12px 14px;
  border-radius: 6px; background: var(--lc-bg); box-shadow: 0 2px 12px rgba(0, 0, 0, 0.3);
  border-inline-start: 5px solid var(--lc-link);
}
.lc-notice[data-kind="error"] { border-inline-start-color: var(--lc-error); }
.lc-notice-text { display: flex; flex-direction: column; gap: 2px; }
`;
