/** The pre-chat form: fields stacked, full width, in the window's body. */
export const prechatFormCss = `
.lc-prechat {
  flex: 1 1 auto; min-height: 0; overflow-y: auto;
  display: flex; flex-direction: column; gap: 10px; padding: 14px;
}
.lc-prechat p { margin: 0; }
.lc-prechat label { display: flex; flex-direction: column; gap: 4px; font-weight: 600; }
.lc-prechat input {
  min-height: 32px; padding: 4px 8px; border: 1px solid var(--lc-field); border-radius: 4px;
  font: inherit; font-weight: 400; color: inherit; background: var(--lc-bg);
}
.lc-prechat input[aria-invalid="true"] { border-color: var(--lc-error); box-shadow: 0 0 0 1px var(--lc-error); }
.lc-prechat input:focus-visible { outline: 2px solid var(--lc-focus); outline-offset: 1px; }
.lc-prechat .lc-primary { align-self: flex-start; }
@media (pointer: coarse) { .lc-prechat input { font-size: 16px; } }
`;
