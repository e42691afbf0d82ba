/**
 * The e-mail address rule of SPEC.md §5, the one rule for the widget's fields, the operator console and the
 * server: an address the widget accepts is never refused by the server, and the reverse. An optional
 * `mailto:` prefix, a local part, `@`, and a dotted domain whose last label has at least two characters;
 * surrounding spaces are ignored. Letters outside ASCII are accepted (internationalised addresses).
 */

// Characters never allowed unquoted in an address: white space, control characters, @, and the RFC 5322
// specials. They include CR and LF, so an accepted address can go into a mail header as is.
const ATOM = '[^\\s\\x00-\\x1f\\x7f@<>()\\[\\]\\\\,;:"]';
const LABEL = '[^\\s\\x00-\\x1f\\x7f@<>()\\[\\]\\\\,;:".]';

/*
 * Linear time by construction: the local part cannot contain "@", and a domain label cannot contain ".",
 * so every repetition ends at a character the next part cannot take and no input has two ways to match.
 * (The reference widget's address pattern backtracks exponentially on crafted input.)
 */
const EMAIL = new RegExp(`^(?:mailto:)?${ATOM}+@(?:${LABEL}+\\.)+${LABEL}{2,}$`, 'i');

/** Longest address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

// The limit is applied to the trimmed text as typed, so it leaves room for a `mailto:` prefix.
const TYPED_MAX_LENGTH = EMAIL_MAX_LENGTH + 'mailto:'.length;

/** The address without its `mailto:` prefix and surrounding spaces, or undefined when it is not an e-mail address. */
export function parseEmailAddress(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed.length > TYPED_MAX_LENGTH || !EMAIL.test(trimmed)) return undefined;
  return trimmed.replace(/^mailto:/i, '');
}

/** Whether a text is an e-mail address by {@link parseEmailAddress}'s rule. */
export function isEmail(value: string): boolean {
  return parseEmailAddress(value) !== undefined;
}

/**
 * The form of an address that caps count on: lower-cased, without a `+tag` in the local part, so that
 * `Victim+1@Example.org` and `victim@example.org` share one allowance. Only for comparing: mail still
 * goes to the address as typed.
 */
export function comparableEmailAddress(address: string): string {
  const lower = address.trim().replace(/^mailto:/i, '').toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at);
  const plus = local.indexOf('+');
  return `${plus > 0 ? local.slice(0, plus) : local}${lower.slice(at)}`;
}
