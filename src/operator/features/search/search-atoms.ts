/**
 * The search panel's state, kept in the desk's store so that a search survives a visit to a conversation
 * opened from its results: the query with its filters, and what the server answered.
 */
import { atom } from 'jotai/vanilla';
import type { ConversationStatus } from '../../../protocol/conversation-status.js';
import type { SearchFilterOptions, SearchHit } from '../../../protocol/console/search.js';

/** The form as filled: text fields as typed, `''` for a filter left at "any". */
export interface SearchForm {
  query: string;
  status: ConversationStatus | '';
  channelId: string;
  operatorId: string;
  tagId: string;
  /** `yyyy-mm-dd` in the browser's time zone, as the date fields give them. */
  from: string;
  to: string;
}

/** An empty form. */
export const EMPTY_FORM: SearchForm = { query: '', status: '', channelId: '', operatorId: '', tagId: '', from: '', to: '' };

/** Where a search stands: not run yet, running, answered (maybe with more to read), failed (with a retry). */
export type SearchOutcome =
  | { state: 'idle' }
  | { state: 'searching'; hits: SearchHit[] }
  | { state: 'done'; hits: SearchHit[]; nextCursor: string | null }
  | { state: 'failed'; hits: SearchHit[]; nextCursor: string | null; reason: string };

/** The form as last submitted. */
export const searchFormAtom = atom<SearchForm>(EMPTY_FORM);
/** What the last search gave. */
export const searchOutcomeAtom = atom<SearchOutcome>({ state: 'idle' });
/** The filters' choices, once read. */
export const searchFilterOptionsAtom = atom<SearchFilterOptions | null>(null);
