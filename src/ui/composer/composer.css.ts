/** The single-line composer at the bottom of the window. */
export const composerCss = `
.lc-composer { flex: 0 0 auto; padding: 6px; border-top: 1px solid #d9d9d9; background: #ffffff; }
.lc-composer-input {
  width: 100%; min-height: 36px; padding: 6px 10px;
  border: 1px solid #767676; border-radius: 4px; font: inherit; color: inherit; background: #ffffff;
}
.lc-composer-input:focus-visible { outline: 3px solid #1a73e8; outline-offset: 0; }
.lc-composer-input:disabled { background: #f0f0f0; color: #555555; }
`;
