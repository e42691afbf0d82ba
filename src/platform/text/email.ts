// Characters never allowed unquoted in an address: white space, control characters, @, and the RFC 5322
// specials.
const ATOM = '[^\\s\\x00-\\x1f\\x7f@<>()\\[\\]\\\\,;:"]';
const LABEL = '[^\\s\\x00-\\x1f\\x7f@<>()\\[\\]\\\\,;:".]';

/*
 * Linear time by construction: the local part cannot contain "@", and a domain label cannot contain ".",
 * so every repetition ends at a character the next part cannot take and no input has two ways to match.
 * (The reference widget's address pattern backtracks exponentially on crafted input.)
 */
const EMAIL = new RegExp(`^(?:mailto:)?${ATOM}+@(?:${LABEL}+\\.)+${LABEL}{2,}$`, 'i');

/**
 * Whether a text looks like an e-mail address (SPEC.md §5): an optional `mailto:` prefix, a local part,
 * `@`, and a dotted domain whose last label has at least two characters. Surrounding spaces are ignored.
 */
export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}
