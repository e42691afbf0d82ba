// The same rule as the widget's transcript field (SPEC.md §5), so an address the widget accepts is never
// refused here: an optional `mailto:` prefix, a local part, `@`, and a dotted domain whose last label has
// at least two characters. The excluded characters include CR and LF, so an accepted address can go into a
// mail header as is. Linear time: the local part cannot contain "@" and a label cannot contain ".".
const ATOM = '[^\\s\\x00-\\x1f\\x7f@<>()\\[\\]\\\\,;:"]';
const LABEL = '[^\\s\\x00-\\x1f\\x7f@<>()\\[\\]\\\\,;:".]';
const EMAIL = new RegExp(`^(?:mailto:)?${ATOM}+@(?:${LABEL}+\\.)+${LABEL}{2,}$`, 'i');

/** Longest address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** The address without its `mailto:` prefix, or undefined when it is not an e-mail address. */
export function parseEmailAddress(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (trimmed.length > EMAIL_MAX_LENGTH + 7 || !EMAIL.test(trimmed)) return undefined;
  return trimmed.replace(/^mailto:/i, '');
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
