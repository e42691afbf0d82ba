import { browserColorCheck, isSafeColor } from '../../platform/text/color.js';

/**
 * `value` if it is a CSS colour, otherwise `undefined`. Attribute values are untrusted: a value such as
 * `red; background: url(//evil)` must never reach a style.
 */
export function safeColor(value: string | undefined | null): string | undefined {
  return typeof value === 'string' && isSafeColor(value, browserColorCheck) ? value.trim() : undefined;
}
