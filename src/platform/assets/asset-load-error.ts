import { englishText, type MessageRef } from '../text/messages.js';

/** Which step failed: the render call, its answer's shape, or loading one of the files. */
export type AssetLoadErrorCode = 'render_failed' | 'bad_answer' | 'load_failed';

/**
 * A failed asset load (SPEC.md §8): "Unable to render the required templates for the assets to load"
 * plus the reason. `text` is for the UI to translate; `reason` is technical and stays as it is.
 */
export class AssetLoadError extends Error {
  /** The translatable part of the message. */
  readonly text: MessageRef = { key: 'errors.assetsFailed' };

  constructor(
    /** What went wrong. */
    readonly code: AssetLoadErrorCode,
    /** Why, e.g. the server's error or the URL that did not load. */
    readonly reason: string,
    cause?: unknown,
  ) {
    super(`${englishText('errors.assetsFailed')}: ${reason}`, { cause });
    this.name = 'AssetLoadError';
  }
}
