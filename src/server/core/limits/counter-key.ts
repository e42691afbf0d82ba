import { createHash } from 'node:crypto';

/** Longest key stored as written; longer ones are stored by their hash (an index entry has a size limit). */
const MAX_PLAIN_KEY = 200;

// Under the `u` flag a surrogate pair is one code point, so the surrogate range matches lone ones only.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /[\u0000-\u001f\u007f\ud800-\udfff]/u;

/**
 * The form of a counter key every store keeps. Keys embed caller values (an address, an e-mail); a
 * database would store a lone surrogate as U+FFFD and refuse a NUL, so two different keys could become
 * one row, or a key none at all. Such keys, and very long ones, are stored by their SHA-256 instead:
 * distinct keys stay distinct and every key can be written.
 */
export function counterKey(key: string): string {
  const plain = key.length <= MAX_PLAIN_KEY && !UNSTORABLE.test(key);
  return plain ? key : `sha256:${createHash('sha256').update(key, 'utf16le').digest('hex')}`;
}
