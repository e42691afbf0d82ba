import { imageSize } from 'image-size';
import type { FastifyRequest } from 'fastify';
import { OPERATOR_AVATAR } from '../../../protocol/operator-profile.js';
import { checkImagePixels, sniffMimetype, UploadError, describeLimit } from '../../domain/attachments/index.js';

/** A picture as checked: its bytes and the type they show. */
export interface AvatarImage {
  data: Buffer;
  mimetype: string;
}

const ACCEPTED: readonly string[] = OPERATOR_AVATAR.types;

/**
 * The multipart body of a picture upload: its text fields and its one file, at most `maxBytes`. The
 * fields must come first, so the caller can be judged before the file is read.
 */
export async function readAvatarParts(request: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; data: Buffer | undefined }> {
  const fields: Record<string, string> = {};
  let data: Buffer | undefined;
  const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 4, fieldSize: 64 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    data = await part.toBuffer();
  }
  return { fields, data };
}

/**
 * Accepts the bytes only as a square PNG, JPEG or WebP picture within the bounds of
 * {@link OPERATOR_AVATAR}, judged from the content (never from the name or the declared type) and from
 * the header alone: nothing is decoded on the server, which has no image library; the console crops.
 */
export function checkAvatar(data: Buffer | undefined, maxPixels: number): AvatarImage {
  if (!data) throw new UploadError('invalid', 400, 'No picture was sent');
  if (data.length === 0) throw new UploadError('empty_file', 400, 'The picture is empty');
  const mimetype = sniffMimetype(data);
  if (!ACCEPTED.includes(mimetype)) throw new UploadError('mimetype_mismatch', 415, 'The picture must be a PNG, JPEG or WebP image');
  checkImagePixels('picture', mimetype, data, maxPixels);
  // checkImagePixels has read the header already: a second read cannot fail.
  const { width, height } = imageSize(new Uint8Array(data));
  if (width !== height) throw new UploadError('not_square', 422, `The picture must be square: it is ${width} × ${height} pixels`);
  if (width > OPERATOR_AVATAR.maxSide || width < OPERATOR_AVATAR.minSide) {
    throw new UploadError('image_too_large', 413, `The picture must be between ${OPERATOR_AVATAR.minSide} and ${OPERATOR_AVATAR.maxSide} pixels a side`);
  }
  return { data, mimetype };
}

/** What a too large picture file is told. */
export const AVATAR_TOO_LARGE = `The picture is too large: at most ${describeLimit(OPERATOR_AVATAR.maxBytes)}`;
