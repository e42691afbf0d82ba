/**
 * `value` if it is a CSS colour, otherwise `undefined`. Attribute values are untrusted: a value such as
 * `red; background: url(//evil)` must never reach a style.
 */
export function safeColor(value: string | undefined | null): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 64 || /[;{}<>\\]|url\(|var\(|expression/i.test(trimmed)) return undefined;
  return typeof CSS !== 'undefined' && CSS.supports('color', trimmed) ? trimmed : undefined;
}
