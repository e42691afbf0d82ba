/** Text direction from the language (SPEC.md §2: the chat window sits on the left in right-to-left languages). */
import { primaryLanguage } from './negotiate.js';

/** A text direction, as the `dir` attribute spells it. */
export type TextDirection = 'ltr' | 'rtl';

// Languages written right to left (primary subtags), whether or not the widget ships their messages.
const RTL = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ku', 'ps', 'sd', 'ug', 'ur', 'yi']);

/** `rtl` for right-to-left languages (ar, he, fa, ur, …), else `ltr`. */
export function directionOf(tag: unknown): TextDirection {
  const primary = primaryLanguage(tag);
  return primary !== undefined && RTL.has(primary) ? 'rtl' : 'ltr';
}
