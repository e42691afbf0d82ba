/**
 * What counts as typed text, for the server's checks of visitor fields and the widget's own checks of the
 * values a host page passes in (the two must agree, so a value the widget sends is never refused).
 */

// C0 controls other than tab, line feed and carriage return, DEL and C1 controls: nothing a person types,
// and NUL is refused by PostgreSQL inside a text value.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored as typed text (a control character, a lone surrogate), or undefined. */
export function textProblem(text: string): string | undefined {
  if (CONTROL_CHARACTER.test(text)) return 'contains a control character';
  if (LONE_SURROGATE.test(text)) return 'is not well-formed Unicode';
  return undefined;
}
