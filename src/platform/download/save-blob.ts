/** How long an object URL outlives the click that starts its download. */
export const OBJECT_URL_LIFETIME_MS = 30_000;

/**
 * Hands a Blob to the browser's download manager through an object URL and a clicked `<a download>`. The
 * URL is revoked later, not at once: Firefox and Safari start reading it after the click returns.
 */
export function saveBlob(blob: Blob, filename: string, doc: Document = document, lifetimeMs = OBJECT_URL_LIFETIME_MS): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), lifetimeMs);
  }
}
