import { imageSize } from 'image-size';
import { UploadError } from './upload-errors.js';

/** Pictures the widget and the console draw from the bytes: those a browser decodes whole, at 4 bytes a pixel. */
const DECODED_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** `40 megapixels` for whole millions, else the count: what the refusal names. */
function describePixels(pixels: number): string {
  return pixels % 1_000_000 === 0 ? `${pixels / 1_000_000} megapixels` : `${pixels} pixels`;
}

/**
 * Refuses a picture whose header announces more than `maxPixels`: a few kilobytes of PNG can announce
 * 20000×20000 pixels, which costs every browser that shows the thumbnail 1.6 GB or more. The size is read
 * from the header only, never decoded. A picture whose header cannot be read is refused too, since its
 * cost cannot be told.
 */
export function checkImagePixels(name: string, mimetype: string, data: Uint8Array, maxPixels: number): void {
  if (!DECODED_TYPES.has(mimetype)) return;
  let width = 0;
  let height = 0;
  // image-size reads through DataViews over the whole ArrayBuffer, and a small Buffer shares Node's pool:
  // a truncated header would be completed by its neighbours' bytes. An own copy ends where the file ends.
  const own = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? data : new Uint8Array(data);
  try {
    ({ width, height } = imageSize(own));
  } catch {
    // Left at 0 × 0: refused below as unreadable.
  }
  if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height) || width <= 0 || height <= 0) {
    throw new UploadError('mimetype_mismatch', 415, `"${name}" is not a readable picture`);
  }
  if (width * height > maxPixels) {
    throw new UploadError('image_too_large', 413, `The picture is too large: ${width} × ${height} pixels, at most ${describePixels(maxPixels)}`);
  }
}
