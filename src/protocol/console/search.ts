/**
 * Search over the conversations an operator may read (issue 25): message text, notes, the visitor's name
 * and e-mail, tags. Route, bounds, the hit's shape and the query's words, shared by the server and the
 * console. TypeBox-free; the schemas are in ../schemas/search.ts.
 */
import type { ConversationStatus } from '../conversation-status.js';

/** Searches: {@link SearchParams} → {@link SearchResult}. */
export const SEARCH_ROUTE = '/im_livechat/operator/search';

/** Bounds of a search. */
export const SEARCH_LIMITS = {
  /** Characters of the query. */
  queryMax: 200,
  /** Words of the query acted on; further words are ignored. */
  wordsMax: 8,
  /** Hits one answer holds at most (and by default). */
  pageMax: 50,
  /** Characters of a snippet around the first match. */
  snippetMax: 160,
  /** Searches one operator may run a minute. */
  perMinute: 60,
} as const;

/** What a hit matched: a message, a note, the visitor's name or e-mail, or a tag of the conversation. */
export type SearchHitKind = 'message' | 'note' | 'visitor' | 'tag';

/** A stretch of a snippet's text that matched a word of the query: `[start, end)` in UTF-16 code units. */
export type SearchMark = [number, number];

/** Plain text around a match and where the query's words are in it (the console marks them; no HTML). */
export interface SearchSnippet {
  text: string;
  marks: SearchMark[];
}

/** One hit, newest first. */
export interface SearchHit {
  session_id: number;
  channel_id: number;
  kind: SearchHitKind;
  /** The message (kind `message`) or note (kind `note`) matched; null for `visitor` and `tag`. */
  item_id: number | null;
  /** When the message or note was written, or the conversation began (ms since the epoch). */
  date: number;
  /** Who wrote it: an operator's name or the visitor's label; the visitor's label for `visitor` and `tag`. */
  author: string;
  /** The conversation's visitor, as the list names them. */
  visitor_label: string;
  status: ConversationStatus;
  snippet: SearchSnippet;
}

/** The answer of {@link SEARCH_ROUTE}: one page of hits, and the cursor of the next page (null: no more). */
export interface SearchResult {
  hits: SearchHit[];
  next_cursor: string | null;
}

/**
 * The words a query searches for: split on anything that is not a letter, digit or mark, case-folded and
 * without accents (so `Café` finds `cafe`), at most {@link SEARCH_LIMITS.wordsMax}. Each word matches the
 * start of a word in the text (`refund` finds `refunds`); every word must match.
 */
export function searchWords(query: string): string[] {
  const words = foldForSearch(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
  return [...new Set(words)].slice(0, SEARCH_LIMITS.wordsMax);
}

/** Case-folds a text and strips its accents (combining marks), the same way for the index and the query. */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** What the search's filters offer: {} → {@link SearchFilterOptions}. */
export const SEARCH_FILTERS_ROUTE = '/im_livechat/operator/search_filters';

/** A choice of a search filter. */
export interface SearchFilterOption {
  id: number;
  name: string;
}

/** The channels, operators and tags the operator may filter its searches by (those of the channels it reads). */
export interface SearchFilterOptions {
  channels: SearchFilterOption[];
  operators: SearchFilterOption[];
  tags: SearchFilterOption[];
}
