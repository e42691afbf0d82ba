/**
 * Styles of the floating chat button. The loader's facade button uses the same class and rules so that
 * React taking over causes no layout shift.
 */
export const chatButtonCss = `
.lc-button {
  position: fixed;
  bottom: var(--lc-button-raise, 0px);
  inset-inline-end: 12px;
  z-index: 2147483000;
  box-sizing: border-box;
  min-height: 44px;
  max-width: calc(100vw - 24px);
  padding: 10px 18px;
  border: 0;
  border-radius: 8px 8px 0 0;
  background: #875a7b;
  color: #ffffff;
  font: 600 15px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  cursor: pointer;
  box-shadow: 0 -1px 6px rgba(0, 0, 0, 0.25);
}
.lc-button:hover { filter: brightness(1.08); }
.lc-button:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
`;
