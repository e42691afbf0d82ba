/** Limits, names and types of attachments, shared by the operators' and the visitors' upload routes. */
import { ATTACHMENT_NAME_MAX } from '../../../protocol/attachment-limits.js';

/** Files one upload may carry. */
export const MAX_FILES_PER_UPLOAD = 10;
export { ATTACHMENT_BODY_MAX, ATTACHMENT_NAME_MAX, ATTACHMENT_URL_MAX } from '../../../protocol/attachment-limits.js';

/** A stored file name: no folders (some browsers send `C:\fakepath\…`), no control or direction characters, "unnamed" when empty. */
export function cleanAttachmentName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters (C0, DEL, C1), direction overrides (which can show `gpj.exe` as `exe.jpg`) and lone
  // surrogates: nothing a name needs, and NUL breaks PostgreSQL text.
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim();
  return cleaned === '' ? 'unnamed' : keepEnd(cleaned);
}

/** At most {@link ATTACHMENT_NAME_MAX} characters, keeping the end (the extension). */
function keepEnd(name: string): string {
  // Cutting may split a character in two: its second half goes too.
  return name.length > ATTACHMENT_NAME_MAX ? name.slice(name.length - ATTACHMENT_NAME_MAX).replace(/^[\uDC00-\uDFFF]/, '') : name;
}

/** The extension every opaque file is stored and served under: no desktop runs or opens it by itself. */
export const OPAQUE_EXTENSION = '.bin';

/**
 * The name an opaque file (`application/octet-stream`) is stored and downloaded under: its own extension
 * joins the name with `_` and {@link OPAQUE_EXTENSION} follows, so `doc.pdf.exe` is saved as
 * `doc.pdf_exe.bin`, never as a program, and the reader still sees what it was called. Trailing dots and
 * spaces go first (Windows drops them, turning `run.exe.` into `run.exe`). A name already ending in
 * `.bin` stays as it is, so the function can be applied again.
 */
export function opaqueName(name: string): string {
  const saved = name.replace(/[. ]+$/, '') || 'unnamed';
  if (saved.toLowerCase().endsWith(OPAQUE_EXTENSION)) return saved;
  const dot = saved.lastIndexOf('.');
  const folded = dot >= 0 ? `${saved.slice(0, dot)}_${saved.slice(dot + 1)}` : saved;
  return keepEnd(folded + OPAQUE_EXTENSION);
}

const URL_TYPES: readonly [RegExp, string][] = [
  [/\.png$/i, 'image/png'],
  [/\.jpe?g$/i, 'image/jpeg'],
  [/\.gif$/i, 'image/gif'],
  [/\.webp$/i, 'image/webp'],
  [/\.mp4$/i, 'video/mp4'],
  [/\.webm$/i, 'video/webm'],
  [/\.ogv$/i, 'video/ogg'],
];

/** The mimetype of a URL-type attachment, from the URL's path (YouTube pages count as video). */
export function mimetypeOfUrl(url: URL): string {
  if (/(^|\.)youtube\.com$|(^|\.)youtu\.be$/i.test(url.hostname)) return 'video/youtube';
  return URL_TYPES.find(([re]) => re.test(url.pathname))?.[1] ?? 'text/uri-list';
}
