import { OPERATOR_AVATAR } from '../../protocol/operator-profile.js';

/** Largest file the console tries to decode: a bigger one is refused before it costs the tab its memory. */
export const AVATAR_SOURCE_MAX_BYTES = 25 * 1024 * 1024;

/** The chosen file cannot be read as a picture by this browser. */
export class NotAPictureError extends Error {
  override readonly name = 'NotAPictureError';
}

/**
 * The middle square of a picture, scaled to `side` pixels and encoded as PNG. Done in the browser because
 * the server has no image library to decode pictures with: it only checks that what arrives is a square
 * picture within bounds, from the header, so a crafted file never gets decoded on the server.
 */
export async function cropSquare(file: Blob, side: number = OPERATOR_AVATAR.side): Promise<Blob> {
  if (file.size === 0 || file.size > AVATAR_SOURCE_MAX_BYTES) throw new NotAPictureError('not a readable picture');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new NotAPictureError('not a readable picture');
  }
  const size = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new NotAPictureError('no canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, (bitmap.width - size) / 2, (bitmap.height - size) / 2, size, size, 0, 0, side, side);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new NotAPictureError('not encoded'))), 'image/png'));
}
