import { FIELD_LIMITS } from '../../protocol/livechat.js';
import type { RpcParams } from '../plugins/jsonrpc.js';
import { InvalidParamError, textProblem } from './params.js';

/** A page-history entry: a path on the site, or an http(s) address, of at most 2 KB of plain text. */
function isPageEntry(entry: unknown): entry is string {
  if (typeof entry !== 'string' || entry === '' || entry.length > FIELD_LIMITS.pageHistoryEntry || textProblem(entry)) return false;
  if (entry.startsWith('/')) return true;
  return /^https?:\/\//i.test(entry) && URL.canParse(entry);
}

/** The visited pages a widget sends: at most 15 entries, each checked by {@link isPageEntry}. */
export function pageHistoryParam(params: RpcParams, key = 'page_history'): string[] {
  const pages = params[key];
  if (!Array.isArray(pages) || pages.length > FIELD_LIMITS.pageHistoryEntries || !pages.every(isPageEntry)) {
    throw new InvalidParamError(
      `${key} must be a list of at most ${FIELD_LIMITS.pageHistoryEntries} paths or http(s) addresses of at most ${FIELD_LIMITS.pageHistoryEntry} characters`,
    );
  }
  return pages;
}
