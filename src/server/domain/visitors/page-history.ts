import Type from 'typebox';
import { FIELD_LIMITS } from '../../../protocol/livechat.js';
import { InvalidParamError } from '../../core/rpc/errors.js';
import { ERROR_MESSAGES } from '../../core/schemas/params.js';
import { TEXT_CHARACTER } from '../../core/schemas/text.js';

const problemWith = (key: string) =>
  `${key} must be a list of at most ${FIELD_LIMITS.pageHistoryEntries} paths or http(s) addresses of at most ${FIELD_LIMITS.pageHistoryEntry} characters`;

// Well-formed text that starts with `/` or `http(s)://`.
const PAGE_ENTRY_PATTERN = `^(?:/|[hH][tT][tT][pP][sS]?://)${TEXT_CHARACTER}*$`;

/** The pages a visitor saw: paths on the site or http(s) addresses, each of at most 2 KB of plain text. */
export const PageHistorySchema = Type.Array(Type.String({ minLength: 1, maxLength: FIELD_LIMITS.pageHistoryEntry, pattern: PAGE_ENTRY_PATTERN }), {
  maxItems: FIELD_LIMITS.pageHistoryEntries,
  description: 'Visited pages, newest last',
  [ERROR_MESSAGES]: { default: problemWith('{key}') },
});

/**
 * The schema checks each entry's shape; whether an address parses as a URL is a question for the URL
 * parser, which JSON Schema cannot ask.
 */
export function checkPageAddresses(pages: string[], key = 'page_history'): string[] {
  if (!pages.every((p) => p.startsWith('/') || URL.canParse(p))) throw new InvalidParamError(problemWith(key));
  return pages;
}
