/**
 * Well-formed typed text (protocol/text-checks.ts `textProblem`) as JSON Schema patterns, for the
 * route schemas.
 */

/**
 * One character of such text: no control character other than tab and line breaks, no lone surrogate.
 * Schema patterns are compiled with the `u` flag, under which a surrogate pair is one code point, so the
 * surrogate range matches lone surrogates only.
 */
export const TEXT_CHARACTER = '[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\uD800-\\uDFFF]';

/** Well-formed text, as a JSON Schema `pattern`. */
export const TEXT_PATTERN = `^${TEXT_CHARACTER}*$`;
