/**
 * The words the full-text index holds for a text, computed the same way on both engines: SQLite calls
 * {@link indexedWords} (registered as an SQL function on the connection, so triggers run it inside the
 * writing transaction), PostgreSQL runs {@link postgresSearchFunctions}, the same steps in SQL with the
 * character classes generated from the same Unicode properties. Both follow protocol's `foldForSearch`
 * and `searchWords`: NFKD, no combining marks, lower case, split on anything not a letter or digit.
 */
import type SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { foldForSearch } from '../../../protocol/console/search.js';

/** Code points of a word the index keeps: longer words are cut (a prefix search still finds them). */
export const SEARCH_WORD_MAX = 64;

/** The SQLite function the triggers call: `lc_search_words(text, is_html)` → space-separated words. */
export const SQLITE_WORDS_FUNCTION = 'lc_search_words';

const NOT_WORD = /[^\p{L}\p{N}]+/u;

/**
 * The index's key of a folded word: the final sigma read as sigma (JavaScript lowers a word-final `Σ`
 * to `ς`, PostgreSQL to `σ`), cut to {@link SEARCH_WORD_MAX} code points. Applied to indexed words and
 * query words alike.
 */
export function searchKey(word: string): string {
  const key = word.replace(/ς/g, 'σ');
  return key.length <= SEARCH_WORD_MAX ? key : [...key].slice(0, SEARCH_WORD_MAX).join('');
}

/** Plain text of HTML for the index: tags become spaces (so `<p>a</p><p>b</p>` keeps two words), entities decoded. */
export function htmlToIndexText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The distinct index keys of a text, space-separated ('' for none). */
export function indexedWords(text: string | null, html: boolean): string {
  if (text === null || text === '') return '';
  const words = foldForSearch(html ? htmlToIndexText(text) : text)
    .split(NOT_WORD)
    .filter((w) => w.length > 0)
    .map(searchKey);
  return [...new Set(words)].join(' ');
}

/**
 * Registers the index's SQL function on a SQLite connection, which it returns: every connection that
 * writes messages, notes, visitors or tags needs it (a connection without it fails those writes, never
 * skips the index).
 */
export function registerSearchFunctions(sqlite: SqliteDatabase.Database): SqliteDatabase.Database {
  sqlite.function(SQLITE_WORDS_FUNCTION, { deterministic: true }, (text: unknown, html: unknown) => indexedWords(typeof text === 'string' ? text : null, html === 1 || html === 1n));
  return sqlite;
}

/** A PostgreSQL regular-expression bracket body of every code point `test` accepts, as `\Uxxxxxxxx` ranges. */
function codePointClass(test: RegExp): string {
  const parts: string[] = [];
  const hex = (cp: number) => `\\U${cp.toString(16).padStart(8, '0')}`;
  let start = -1;
  for (let cp = 0; cp <= 0x110000; cp++) {
    const inside = cp < 0x110000 && !(cp >= 0xd800 && cp <= 0xdfff) && test.test(String.fromCodePoint(cp));
    if (inside && start < 0) start = cp;
    if (!inside && start >= 0) {
      parts.push(start === cp - 1 ? hex(start) : `${hex(start)}-${hex(cp - 1)}`);
      start = -1;
    }
  }
  return parts.join('');
}

/**
 * The SQL of `lc_search_vector(text, is_html) → tsvector`: the same steps as {@link indexedWords}. Lower
 * case needs a collation that knows Unicode (the cluster's may be `C`): ICU's root when the server has
 * ICU, else the database's own (then capitals that NFKD does not take apart, such as `Œ`, depend on it).
 * PL/pgSQL, not SQL: the message trigger calls it once per row, and PostgreSQL plans a SQL function's
 * body (its regular expressions hold every letter of Unicode) again at every call it cannot inline, which
 * cost 330 µs a message under the bus write's lock; PL/pgSQL keeps the plan for the connection (50 µs).
 */
export function postgresSearchFunctions(icu: boolean): string {
  const marks = codePointClass(/^\p{M}$/u);
  const word = codePointClass(/^[\p{L}\p{N}]$/u);
  const collate = icu ? ' collate "und-x-icu"' : '';
  const plain = `replace(replace(replace(replace(replace(regexp_replace(body, '<[^>]*>', ' ', 'g'), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`;
  return `
create or replace function lc_search_vector(body text, html boolean) returns tsvector
language plpgsql immutable parallel safe as $fn$ begin
  return (select array_to_tsvector(coalesce(array_agg(distinct left(w, ${SEARCH_WORD_MAX})), '{}'::text[]))
  from regexp_split_to_table(
    translate(lower(regexp_replace(normalize(case when html then ${plain} else coalesce(body, '') end, NFKD), '[${marks}]+', '', 'g')${collate}), 'ς', 'σ'),
    '[^${word}]+'
  ) as w
  where w <> '');
end $fn$`;
}

/** Creates (or replaces) the PostgreSQL search functions, with ICU's collation when the server has it. */
export async function createPostgresSearchFunctions(db: Kysely<unknown>): Promise<void> {
  const icu = await sql<{ n: number }>`select count(*)::int as n from pg_collation where collname = 'und-x-icu'`.execute(db);
  await sql.raw(postgresSearchFunctions((icu.rows[0]?.n ?? 0) > 0)).execute(db);
}
