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

const OCTET = 'application/octet-stream';

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

const SNIFF_WINDOW = 8192;

function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut by the window end is not a reason to call the file binary.
    new TextDecoder('utf-8', { fatal: true }).decode(head.length === SNIFF_WINDOW ? head.subarray(0, SNIFF_WINDOW - 4) : head);
    return true;
  } catch {
    return false;
  }
}

/** The type the bytes show: a known binary signature, markup (SVG, HTML), plain text or opaque bytes. */
export function sniffMimetype(bytes: Uint8Array): string {
  for (const s of SIGNATURES) if (s.test(bytes)) return s.type;
  const head = bytes.subarray(0, SNIFF_WINDOW);
  if (!looksLikeText(head)) return OCTET;
  const start = new TextDecoder().decode(head).replace(/^\uFEFF/, '').trimStart().slice(0, 1024).toLowerCase();
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

/** The lower-case extension of a file name, or '' without one. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The mimetype to store for `bytes` named `name`. A known extension must agree with the content
 * (otherwise {@link MimetypeMismatchError}); an unknown or missing one takes the sniffed type, and
 * unknown binary content stays `application/octet-stream`. Markup is always recorded as markup, so the
 * content routes never render it inline whatever the file is called.
 */
export function mimetypeFor(name: string, bytes: Uint8Array): string {
  const sniffed = sniffMimetype(bytes);
  const known = EXTENSIONS[extensionOf(name)];
  if (!known) return sniffed;
  if (known.sniffed.includes(sniffed)) return sniffed === 'text/html' || sniffed === 'image/svg+xml' ? sniffed : known.type;
  if (bytes.length === 0 && known.type.startsWith('text/')) return known.type;
  throw new MimetypeMismatchError(name, sniffed);
}
