import { englishText, type MessageRef } from '../text/messages.js';

/** Why a download failed: no answer at all, an error status, or the caller aborted it. */
export type DownloadErrorCode = 'network' | 'http' | 'aborted';

/**
 * A failed file download (SPEC.md §8): the UI shows `title` ("Could not connect to the server") and
 * `detail` ("Something happened while trying to contact the server, …"), translated.
 */
export class DownloadError extends Error {
  /** The heading to show. */
  readonly title: MessageRef = { key: 'errors.connectionLost' };
  /** The explanation to show under it. */
  readonly detail: MessageRef = { key: 'errors.connectionLostDetail' };

  constructor(
    /** What went wrong. */
    readonly code: DownloadErrorCode,
    /** The URL that was posted to. */
    readonly url: string,
    /** The HTTP status for `http`. */
    readonly status?: number,
    cause?: unknown,
  ) {
    super(englishText('errors.connectionLost'), { cause });
    this.name = 'DownloadError';
  }
}
