/**
 * Chromium refuses to navigate to data URLs over 2 MB (and slows down on long attribute values), so large
 * ones are turned into Blobs served from object URLs; smaller ones are kept as they are (SPEC.md §9).
 */
export const DATA_URL_BLOB_THRESHOLD = 2 * 1024 * 1024;

/** Thrown for a text that starts like a data URL but is not one. */
export class DataUrlError extends Error {
  /** Stable code for callers that branch on the failure. */
  readonly code = 'malformed_data_url' as const;

  constructor(reason: string) {
    super(`Malformed data URL: ${reason}`);
    this.name = 'DataUrlError';
  }
}

// Anchored; the media type and parameters cannot contain "," so the split point is unique.
const DATA_URL = /^data:([^,]*),/i;

/** Decodes a data URL (base64 or percent-encoded) into a Blob of its media type. */
export function dataUrlToBlob(url: string): Blob {
  const m = DATA_URL.exec(url);
  if (!m) throw new DataUrlError('no "data:<type>," header');
  const params = m[1]!.split(';');
  const base64 = params.at(-1)?.toLowerCase() === 'base64';
  if (base64) params.pop();
  const type = params.join(';') || 'text/plain;charset=US-ASCII';
  const payload = url.slice(m[0].length);
  if (!base64) {
    try {
      return new Blob([decodeURIComponent(payload)], { type });
    } catch {
      throw new DataUrlError('bad percent-encoding');
    }
  }
  let binary: string;
  try {
    binary = atob(payload);
  } catch {
    throw new DataUrlError('bad base64 content');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** A URL ready to be used as a `src` or `href`, and the function that frees it once no longer shown. */
export interface DisplayableUrl {
  url: string;
  /** True when `url` is an object URL made here. */
  isObjectUrl: boolean;
  /** Frees the object URL; does nothing for a URL that was kept. */
  release(): void;
}

/** Keeps a URL as it is unless it is a data URL longer than `threshold`, which becomes an object URL. */
export function toDisplayableUrl(url: string, threshold: number = DATA_URL_BLOB_THRESHOLD): DisplayableUrl {
  if (url.length <= threshold || !DATA_URL.test(url.slice(0, 512))) return { url, isObjectUrl: false, release: () => undefined };
  const objectUrl = URL.createObjectURL(dataUrlToBlob(url));
  return { url: objectUrl, isObjectUrl: true, release: () => URL.revokeObjectURL(objectUrl) };
}
