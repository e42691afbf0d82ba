/**
 * A hit's snippet: plain text of at most `SEARCH_LIMITS.snippetMax` characters around the first match,
 * with the matched word prefixes marked. Matching runs on the folded text (protocol's `foldForSearch`,
 * the index's rule) and every mark is mapped back to the original text, whose length folding may change
 * (`é` typed as `e` + U+0301 folds to one character, `ﬁ` to two).
 */
import { SEARCH_LIMITS, foldForSearch, type SearchMark, type SearchSnippet } from '../../../protocol/console/search.js';
import { searchKey } from '../../core/db/search-text.js';

const WORD = /[\p{L}\p{N}]/u;
/** Characters of context kept before the first match. */
const LEAD = 40;
const ELLIPSIS = '…';

/** The folded text, and for each of its UTF-16 units the original code point it came from. */
interface Folded {
  text: string;
  /** Original start offset of the code point behind each folded unit. */
  from: number[];
  /** Original end offset of the code point behind each folded unit, stretched over marks that fold away. */
  to: number[];
}

function fold(original: string): Folded {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let offset = 0;
  for (const char of original) {
    const folded = foldForSearch(char);
    if (folded === '' && to.length > 0) {
      // A combining mark that folds away belongs to the mark of the letter before it.
      const end = offset + char.length;
      for (let i = to.length - 1; i >= 0 && to[i] === offset; i--) to[i] = end;
    }
    for (let i = 0; i < folded.length; i++) {
      from.push(offset);
      to.push(offset + char.length);
    }
    text += folded;
    offset += char.length;
  }
  return { text, from, to };
}

/** Every word of the folded text that starts with one of `keys`, as `[start, end)` of the original text. */
export function matchRanges(original: string, keys: readonly string[]): SearchMark[] {
  const folded = fold(original);
  const ranges: SearchMark[] = [];
  const words = folded.text.matchAll(/[\p{L}\p{N}]+/gu);
  for (const match of words) {
    const word = searchKey(match[0]);
    const key = keys.filter((k) => word.startsWith(k)).sort((a, b) => b.length - a.length)[0];
    if (key === undefined) continue;
    // The key's length in the folded word: searchKey only swaps one letter for another of the same length.
    const start = match.index;
    const last = start + Math.min(key.length, match[0].length) - 1;
    ranges.push([folded.from[start] ?? 0, folded.to[last] ?? original.length]);
  }
  return ranges;
}

/** Does not cut a surrogate pair in two. */
function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return at > 0 && at < text.length && code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/** Where the window starts: {@link LEAD} characters before the first match, moved back to a word's start when one is near. */
function windowStart(text: string, first: number): number {
  if (first <= LEAD) return 0;
  const floor = first - LEAD - 20;
  let i = first - LEAD;
  while (i > floor && i > 0 && WORD.test(text.charAt(i - 1))) i--;
  return safeCut(text, i);
}

/**
 * The snippet of `raw` (plain text) for the query's index keys: white space collapsed, cut around the
 * first match (from the start when nothing matches), `…` where text was left out, marks inside it.
 */
export function snippet(raw: string, keys: readonly string[], max: number = SEARCH_LIMITS.snippetMax): SearchSnippet {
  // Control characters go with the white space: the snippet is a single line of printable text.
  // eslint-disable-next-line no-control-regex -- stripping them is the point
  const text = raw.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  const ranges = matchRanges(text, keys);
  if (text.length <= max) return { text, marks: ranges };
  const start = windowStart(text, ranges[0]?.[0] ?? 0);
  const prefix = start > 0 ? ELLIPSIS : '';
  const fits = text.length - start <= max - prefix.length;
  const end = fits ? text.length : safeCut(text, start + max - prefix.length - ELLIPSIS.length);
  const suffix = end < text.length ? ELLIPSIS : '';
  const shift = prefix.length - start;
  const marks: SearchMark[] = ranges
    .filter(([s, e]) => s >= start && s < end && e > s)
    .map(([s, e]) => [s + shift, Math.min(e, end) + shift]);
  return { text: prefix + text.slice(start, end) + suffix, marks };
}
