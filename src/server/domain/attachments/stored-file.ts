import { opaqueName } from './naming.js';
import { checkImagePixels } from './image-pixels.js';
import { OCTET, hasListedExtension, mimetypeFor } from './sniff.js';

/** What an uploaded file is stored as. */
export interface StoredFile {
  name: string;
  mimetype: string;
}

/**
 * The name and type an upload is stored under, shared by the operators' and the visitors' routes: the
 * type from the whole content and the allow-list (sniff.ts), anything else opaque bytes under a name no
 * desktop runs ({@link opaqueName}), and pictures within the pixel budget. Throws the refusal otherwise.
 * `name` is already cleaned (cleanAttachmentName).
 */
export function storedFile(name: string, data: Uint8Array, maxPixels: number): StoredFile {
  const mimetype = mimetypeFor(name, data);
  checkImagePixels(name, mimetype, data, maxPixels);
  return { name: mimetype === OCTET ? opaqueName(name) : name, mimetype };
}

/**
 * How a stored file is served: opaque bytes as a download under an opaque name. Rows stored before the
 * allow-list (a `run.hta` recorded as text/plain) are judged by their name again, so they are never
 * shown inline or saved under an extension a desktop would run.
 */
export function servedFile(file: StoredFile): StoredFile & { opaque: boolean } {
  const opaque = file.mimetype === OCTET || !hasListedExtension(file.name);
  return opaque ? { name: opaqueName(file.name), mimetype: OCTET, opaque } : { ...file, opaque };
}
