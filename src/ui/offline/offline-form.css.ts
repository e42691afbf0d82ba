/** The offline message form: a window like the chat's (its position, size and header), with a form for a body. */
export const offlineFormCss = `
.lc-offline { cursor: default; }
.lc-offline .lc-header { cursor: default; justify-content: space-between; }
.lc-offline-body {
  display: flex; flex-direction: column; gap: 4px; flex: 1 1 auto; min-height: 0; overflow-y: auto;
  padding: 12px 14px;
}
.lc-offline-body p { margin: 0; }
.lc-offline-field {
  width: 100%; min-height: 32px; padding: 4px 8px; margin-bottom: 6px;
  border: 1px solid var(--lc-field); border-radius: 4px; font: inherit; color: inherit; background: var(--lc-bg);
}
textarea.lc-offline-field { min-height: 80px; resize: vertical; }
.lc-offline-field[aria-invalid="true"] { border-color: var(--lc-error); box-shadow: 0 0 0 1px var(--lc-error); }
.lc-offline-field:focus-visible { outline: 2px solid var(--lc-focus); outline-offset: 1px; }
.lc-offline .lc-field-error { color: var(--lc-error); font-size: 12px; margin: -4px 0 6px; }
.lc-offline-failed { padding: 8px 10px; margin-bottom: 8px; border-radius: 4px; background: var(--lc-alert-bg); color: var(--lc-alert-fg); }
.lc-offline-body .lc-primary { align-self: flex-start; }
.lc-offline-sent { color: var(--lc-ok); font-weight: 600; margin-bottom: 10px; }
.lc-offline-back { margin: 0; padding: 8px 14px 0; font-weight: 600; }
`;
