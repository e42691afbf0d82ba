import { isUtf8 } from 'node:buffer';
/**
 * Mimetypes from content (magic bytes), never from what the uploader claims: the browser's Content-Type
 * of a part is whatever the sender wants it to be. The sniffed type is then checked against the file
 * name, so a `.png` that is really an HTML page is refused instead of stored under a harmless name.
 */

/** The uploaded bytes contradict the file name's extension. */
export class MimetypeMismatchError extends Error {
  readonly code = 'mimetype_mismatch';
  constructor(
    readonly fileName: string,
    readonly sniffed: string,
  ) {
    super(`The content of "${fileName}" does not match its name (it looks like ${sniffed})`);
  }
}

export const OCTET = 'application/octet-stream';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
}

const ZIP_FAMILY = 'application/zip';

/** Binary signatures, most specific first. */
const SIGNATURES: readonly { type: string; test(b: Uint8Array): boolean }[] = [
  { type: 'image/png', test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', test: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
  { type: 'image/webp', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
  { type: 'audio/wav', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WAVE' },
  { type: 'image/bmp', test: (b) => ascii(b, 0, 2) === 'BM' && b.length > 14 },
  { type: 'application/pdf', test: (b) => ascii(b, 0, 5) === '%PDF-' },
  // Matroska and WebM share the EBML header; the widget only plays WebM.
  { type: 'video/webm', test: (b) => startsWith(b, [0x1a, 0x45, 0xdf, 0xa3]) },
  { type: 'video/mp4', test: (b) => ascii(b, 4, 8) === 'ftyp' },
  { type: 'video/ogg', test: (b) => ascii(b, 0, 4) === 'OggS' },
  { type: 'audio/mpeg', test: (b) => ascii(b, 0, 3) === 'ID3' || startsWith(b, [0xff, 0xfb]) || startsWith(b, [0xff, 0xf3]) },
  { type: ZIP_FAMILY, test: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]) },
  { type: 'application/gzip', test: (b) => startsWith(b, [0x1f, 0x8b]) },
];

/** How much of the start is read for markup: what a browser's own sniffing would look at. */
const MARKUP_WINDOW = 1024;

/**
 * Control bytes plain text does not carry (the `file` utility's judgement): every C0 control but BEL,
 * BS, TAB, LF, VT, FF, CR and ESC (colour codes in logs), and DEL.
 */
const BINARY_BYTES: readonly number[] = [0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1c, 0x1d, 0x1e, 0x1f, 0x7f];

/**
 * Whether the whole content is text: valid UTF-8 without NUL or binary control bytes. The whole, not a
 * head: an executable with a harmless first page of text would otherwise pass as plain text. One native
 * search per byte value is several times faster than a loop over 25 MB.
 */
function isText(bytes: Uint8Array): boolean {
  if (!isUtf8(bytes)) return false;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return BINARY_BYTES.every((b) => !buffer.includes(b));
}

/** Where the markup would start: after a byte order mark and white space, however long (a browser skips them too). */
function markupStart(bytes: Uint8Array): number {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  const space = (b: number | undefined) => b === 0x20 || (b !== undefined && b >= 0x09 && b <= 0x0d);
  while (space(bytes[i])) i++;
  return i;
}

/** The type the bytes show: a known binary signature, markup (SVG, HTML), plain text or opaque bytes. */
export function sniffMimetype(bytes: Uint8Array): string {
  for (const s of SIGNATURES) if (s.test(bytes)) return s.type;
  if (!isText(bytes)) return OCTET;
  const from = markupStart(bytes);
  const start = new TextDecoder().decode(bytes.subarray(from, from + MARKUP_WINDOW * 4)).slice(0, MARKUP_WINDOW).toLowerCase();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!doctype svg[^>]*>\s*)?<svg[\s>]/.test(start)) return 'image/svg+xml';
  if (/^(<!--[\s\S]*?-->\s*)*<(!doctype html|html|head|body|script|iframe)[\s>]/.test(start)) return 'text/html';
  return 'text/plain';
}

/** Text files may start with markup; they are then recorded as markup (download only). */
const TEXTUAL = ['text/plain', 'text/html', 'image/svg+xml'] as const;

/** What an extension promises; files of the zip family (office documents) are zip archives inside. */
const EXTENSIONS: Readonly<Record<string, { type: string; sniffed: readonly string[] }>> = {
  png: { type: 'image/png', sniffed: ['image/png'] },
  jpg: { type: 'image/jpeg', sniffed: ['image/jpeg'] },
  jpeg: { type: 'image/jpeg', sniffed: ['image/jpeg'] },
  gif: { type: 'image/gif', sniffed: ['image/gif'] },
  webp: { type: 'image/webp', sniffed: ['image/webp'] },
  bmp: { type: 'image/bmp', sniffed: ['image/bmp'] },
  svg: { type: 'image/svg+xml', sniffed: ['image/svg+xml', 'text/plain'] },
  pdf: { type: 'application/pdf', sniffed: ['application/pdf'] },
  webm: { type: 'video/webm', sniffed: ['video/webm'] },
  mkv: { type: 'video/x-matroska', sniffed: ['video/webm'] },
  mp4: { type: 'video/mp4', sniffed: ['video/mp4'] },
  m4v: { type: 'video/mp4', sniffed: ['video/mp4'] },
  mov: { type: 'video/quicktime', sniffed: ['video/mp4'] },
  ogv: { type: 'video/ogg', sniffed: ['video/ogg'] },
  ogg: { type: 'audio/ogg', sniffed: ['video/ogg'] },
  mp3: { type: 'audio/mpeg', sniffed: ['audio/mpeg'] },
  wav: { type: 'audio/wav', sniffed: ['audio/wav'] },
  zip: { type: 'application/zip', sniffed: [ZIP_FAMILY] },
  docx: { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniffed: [ZIP_FAMILY] },
  xlsx: { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', sniffed: [ZIP_FAMILY] },
  pptx: { type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', sniffed: [ZIP_FAMILY] },
  odt: { type: 'application/vnd.oasis.opendocument.text', sniffed: [ZIP_FAMILY] },
  ods: { type: 'application/vnd.oasis.opendocument.spreadsheet', sniffed: [ZIP_FAMILY] },
  gz: { type: 'application/gzip', sniffed: ['application/gzip'] },
  txt: { type: 'text/plain', sniffed: TEXTUAL },
  log: { type: 'text/plain', sniffed: TEXTUAL },
  md: { type: 'text/plain', sniffed: TEXTUAL },
  csv: { type: 'text/csv', sniffed: TEXTUAL },
  json: { type: 'application/json', sniffed: TEXTUAL },
  html: { type: 'text/html', sniffed: ['text/html', 'text/plain'] },
  htm: { type: 'text/html', sniffed: ['text/html', 'text/plain'] },
};

/**
 * The lower-case extension a desktop would go by, or '' without one. Windows drops trailing dots and
 * spaces (`run.exe.` is saved as `run.exe`) and takes `.hta` alone as an extension, so both count.
 */
export function extensionOf(name: string): string {
  const saved = name.replace(/[. ]+$/, '');
  const dot = saved.lastIndexOf('.');
  return dot >= 0 ? saved.slice(dot + 1).toLowerCase() : '';
}

/** Whether a desktop would open a file of this name by a type of the allow-list (or by none: no extension). */
export function hasListedExtension(name: string): boolean {
  const extension = extensionOf(name);
  return extension === '' || Object.hasOwn(EXTENSIONS, extension);
}

/**
 * The mimetype to store for `bytes` named `name`. An extension of the allow-list ({@link EXTENSIONS})
 * must agree with the content (otherwise {@link MimetypeMismatchError}); any other extension makes the
 * file opaque bytes (`application/octet-stream`), whatever it contains, since a desktop would open it by
 * that extension (`.hta`, `.js`, `.bat`, `doc.pdf.exe`). Without an extension the sniffed type is kept.
 * Markup is always recorded as markup, so the content routes never render it inline.
 */
export function mimetypeFor(name: string, bytes: Uint8Array): string {
  const sniffed = sniffMimetype(bytes);
  const extension = extensionOf(name);
  if (extension === '') return sniffed;
  // Own keys only: `x.constructor` is no listed type.
  const known = Object.hasOwn(EXTENSIONS, extension) ? EXTENSIONS[extension] : undefined;
  if (!known) return OCTET;
  if (known.sniffed.includes(sniffed)) return sniffed === 'text/html' || sniffed === 'image/svg+xml' ? sniffed : known.type;
  if (bytes.length === 0 && known.type.startsWith('text/')) return known.type;
  throw new MimetypeMismatchError(name, sniffed);
}
