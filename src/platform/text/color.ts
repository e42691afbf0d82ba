/**
 * The one colour check of the widget and the console: colours come from attributes and channel settings,
 * which are untrusted, and end up in styles. An allow-list of colour syntaxes first (so `var()`, `url()`,
 * `;` and braces can never pull other rules or resources in), then the browser's own check.
 */
const MAX_COLOR = 64;
const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTIONAL = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([0-9a-z.,%\s/+-]*\)$/i;
const NAMED = /^[a-z]{3,20}$/i;

/** Tells whether a value is a plain colour. */
export function isSafeColor(value: string, browserAccepts: (v: string) => boolean = () => true): boolean {
  const v = value.trim();
  if (v.length === 0 || v.length > MAX_COLOR) return false;
  if (!(HEX.test(v) || FUNCTIONAL.test(v) || NAMED.test(v))) return false;
  return browserAccepts(v);
}

/** The browser's own colour check where CSS.supports exists (it does in every target browser). */
export function browserColorCheck(v: string): boolean {
  return typeof CSS === 'undefined' || typeof CSS.supports !== 'function' ? true : CSS.supports('color', v);
}
