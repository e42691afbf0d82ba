/**
 * Styles go into the shadow root as constructable stylesheets: host pages with `style-src 'self'` block
 * `<style>` elements (issue 5, MACHINE-NOTES.md "Content Security Policy").
 */
const cache = new Map<string, CSSStyleSheet>();

function sheetFor(css: string): CSSStyleSheet {
  let sheet = cache.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    cache.set(css, sheet);
  }
  return sheet;
}

/** Adopts each CSS text once into `root` (a shadow root, or the document for what renders outside one), after the sheets it already has. */
export function adoptStyles(root: ShadowRoot | Document, cssTexts: readonly string[]): void {
  const sheets = cssTexts.map(sheetFor).filter((s) => !root.adoptedStyleSheets.includes(s));
  if (sheets.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...sheets];
}
