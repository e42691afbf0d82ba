/**
 * The composer at the bottom of the window. Phones zoom into a focused field whose text is under 16 px,
 * so touch screens get 16 px text there.
 */
export const composerCss = `
.lc-composer { flex: 0 0 auto; display: flex; align-items: flex-end; gap: 6px; margin: 0; padding: 6px; border-top: 1px solid var(--lc-line); background: var(--lc-bg); }
.lc-composer-input {
  flex: 1 1 auto; min-width: 0; box-sizing: border-box; min-height: 36px; margin: 0; padding: 7px 10px; resize: none; overflow-y: auto;
  border: 1px solid var(--lc-field); border-radius: 4px; font: inherit; line-height: 20px; color: inherit; background: var(--lc-bg);
}
.lc-composer-input:focus-visible, .lc-composer-send:focus-visible { outline: 2px solid var(--lc-focus); outline-offset: 1px; }
.lc-composer-input:disabled { background: var(--lc-disabled); color: var(--lc-muted); }
.lc-composer-send {
  flex: 0 0 auto; display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; padding: 0;
  border: 0; border-radius: 50%; cursor: pointer;
  background: var(--live-chat-accent, #6b4563); color: var(--live-chat-accent-text, #ffffff);
}
.lc-composer-send:disabled { background: var(--lc-disabled); color: var(--lc-muted); cursor: default; }
.lc-composer-send.lc-attach, .lc-composer-send.lc-attach:disabled { background: none; color: inherit; }
@media (pointer: coarse) { .lc-composer-input { font-size: 16px; } }
`;
