/** The single-line composer at the bottom of the window. */
export const composerCss = `
.lc-composer { flex: 0 0 auto; padding: 6px; border-top: 1px solid var(--lc-line); background: var(--lc-bg); }
.lc-composer-input {
  width: 100%; min-height: 36px; padding: 6px 10px;
  border: 1px solid var(--lc-field); border-radius: 4px; font: inherit; color: inherit; background: var(--lc-bg);
}
.lc-composer-input:focus-visible { outline: 3px solid var(--lc-focus); outline-offset: 0; }
.lc-composer-input:disabled { background: var(--lc-disabled); color: var(--lc-muted); }
`;
