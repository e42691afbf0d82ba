/**
 * CSV as spreadsheets read it (RFC 4180): a header row, CRLF between records, a field quoted when it holds
 * a comma, a quote or a line break, quotes doubled. The file starts with a UTF-8 byte order mark, because
 * without one Excel reads UTF-8 as the system's code page and garbles accents, Arabic and emoji.
 */

/** One field: text, a number, or nothing (an empty field). */
export type CsvCell = string | number | null;

/** The byte order mark at the start of every file {@link toCsv} writes. */
export const CSV_BOM = '\uFEFF';

/** The media type of the files {@link toCsv} writes. */
export const CSV_TYPE = 'text/csv;charset=utf-8';

// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection"); tab and
// carriage return count too, because some spreadsheets drop them and then read the next character.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field as written: a text that a spreadsheet would run as a formula gets a leading `'` (so
 * `=HYPERLINK(…)` stays text); a number is written as is, negative ones included, since it is no formula.
 */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the byte order mark, the header row, then one record per row, each line ending in CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `${CSV_BOM}${lines.map((line) => `${line}\r\n`).join('')}`;
}

/** Offers `text` as a file named `fileName` to the browser's downloads. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: CSV_TYPE }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL is no longer needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
