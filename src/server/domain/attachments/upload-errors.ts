import type { FastifyRequest } from 'fastify';
import { UploadError } from '../../core/http/upload-error.js';
import { InvalidParamError } from '../../core/rpc/errors.js';
import { MAX_FILES_PER_UPLOAD } from './naming.js';
import { MimetypeMismatchError } from './sniff.js';

export { UploadError } from '../../core/http/upload-error.js';

/** `25 MB` for whole mebibytes, else bytes: what the operator reads in the size error. */
export function describeLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes`;
}

/** The {@link UploadError} a refusal of the multipart layer or the sniffer stands for, or undefined for a fault. */
export function toUploadError(err: unknown, request: FastifyRequest, maxBytes: number): UploadError | undefined {
  if (err instanceof UploadError) return err;
  if (err instanceof MimetypeMismatchError) return new UploadError('mimetype_mismatch', 415, err.message);
  if (err instanceof InvalidParamError) return new UploadError('invalid', 400, err.message);
  const app = request.server;
  if (err instanceof app.multipartErrors.RequestFileTooLargeError) {
    return new UploadError('file_too_large', 413, `The file is too large: at most ${describeLimit(maxBytes)} per file`);
  }
  if (err instanceof app.multipartErrors.FilesLimitError) {
    return new UploadError('too_many_files', 413, `Too many files: at most ${MAX_FILES_PER_UPLOAD} per upload`);
  }
  if (err instanceof app.multipartErrors.InvalidMultipartContentTypeError) return new UploadError('invalid', 400, 'The request must be multipart/form-data');
  // The multipart parser's own refusals of a body it cannot read are the client's fault, not the server's.
  if (err instanceof Error && MALFORMED_MULTIPART.test(err.message)) return new UploadError('invalid', 400, 'The multipart body is malformed');
  return undefined;
}

/** What the multipart parser (busboy) throws for a body or a Content-Type it cannot read. */
const MALFORMED_MULTIPART = /^(?:Multipart: Boundary not found|Malformed part header|Unexpected end of (?:form|file)|Malformed urlencoded form)$/;

/**
 * Refuses a request that is not `multipart/form-data` with a boundary before a byte of it is read:
 * without the boundary the parser cannot even start.
 */
export function requireMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) throw new UploadError('invalid', 400, 'The request must be multipart/form-data');
  if (!/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(String(request.headers['content-type']))) {
    throw new UploadError('invalid', 400, 'The multipart body has no boundary');
  }
}
