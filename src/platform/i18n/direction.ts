/** Text direction from the language (SPEC.md §2: the chat window sits on the left in right-to-left languages). */
import { primaryLanguage } from '../../protocol/language-tag.js';

/** A text direction, as the `dir` attribute spells it. */
export type TextDirection = 'ltr' | 'rtl';

// Languages written right to left (primary subtags), whether or not the widget ships their messages.
// Hausa (ha) is written in Latin script today, so left to right; Uyghur (ug) in Arabic script.
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'khw', 'ks', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi']);

/** `rtl` for right-to-left languages (ar, he, fa, ur, …), else `ltr`. */
export function directionOf(tag: unknown): TextDirection {
  const primary = primaryLanguage(tag);
  return primary !== undefined && RTL.has(primary) ? 'rtl' : 'ltr';
}

/**
 * The `dir` of a field the reader types into: `auto` once the text has a letter, so an Arabic message in an
 * English interface (or the reverse) lays out in its own direction; none while it has no letter, because a
 * browser lays out an `auto` field without letters left to right, also the placeholder of a right-to-left
 * interface.
 */
export function typedTextDir(text: string): 'auto' | undefined {
  return /\p{L}/u.test(text) ? 'auto' : undefined;
}
