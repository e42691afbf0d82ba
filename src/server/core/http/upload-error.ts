import type { UploadErrorCode } from '../../../protocol/visitor-upload.js';

/**
 * An upload refused on purpose; `status` is the HTTP status, `code` is stable for clients, which show
 * `message`; `retryAfterSeconds`, when set, goes out as `Retry-After`.
 */
export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
