/** The feedback panel: smileys, reason box, transcript form and its error block. */
export const feedbackPanelCss = `
.lc-feedback {
  flex: 1 1 auto; min-height: 0; overflow-y: auto;
  display: flex; flex-direction: column; align-items: center; gap: 10px;
  padding: 14px; text-align: center;
}
.lc-feedback p { margin: 0; }
.lc-feedback-question { font-weight: 700; }
.lc-smileys { display: flex; gap: 14px; }
.lc-smiley {
  min-width: 44px; min-height: 44px; padding: 4px; border: 2px solid transparent; border-radius: 50%;
  background: none; font-size: 28px; line-height: 1; cursor: pointer;
}
.lc-smiley[aria-pressed="true"] { border-color: var(--lc-selected); }
.lc-smiley:disabled { cursor: default; }
.lc-reason, .lc-transcript { display: flex; flex-direction: column; gap: 6px; width: 100%; }
.lc-reason textarea {
  width: 100%; min-height: 50px; padding: 6px; border: 1px solid var(--lc-field); border-radius: 4px;
  font: inherit; color: inherit; background: var(--lc-bg); resize: vertical;
}
.lc-transcript { margin-top: 6px; padding-top: 10px; border-top: 1px solid var(--lc-line); }
.lc-transcript-row { display: flex; gap: 6px; }
.lc-transcript-input {
  flex: 1 1 auto; min-width: 0; min-height: 32px; padding: 4px 8px;
  border: 1px solid var(--lc-field); border-radius: 4px; font: inherit; color: inherit; background: var(--lc-bg);
}
.lc-transcript-input[aria-invalid="true"] { border-color: var(--lc-error); box-shadow: 0 0 0 1px var(--lc-error); }
.lc-field-error { color: var(--lc-error); font-size: 12px; }
.lc-transcript-sent { color: var(--lc-ok); font-weight: 600; }
.lc-transcript-error { width: 100%; padding: 10px; border-radius: 4px; background: var(--lc-alert-bg); color: var(--lc-alert-fg); }
`;
