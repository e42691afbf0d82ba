/**
 * The transcript address check of SPEC.md §5: local part, `@`, a dotted domain whose last label has at
 * least two characters; an optional `mailto:` prefix is allowed (SPEC.md wins over PROTOCOL.md §13 here).
 */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

/** Returns the address to send to, without `mailto:`, or undefined when it is not an e-mail address. */
export function parseTranscriptEmail(input: string): string | undefined {
  const v = input.trim().replace(/^mailto:/i, '');
  return v.length <= 254 && EMAIL.test(v) ? v : undefined;
}
