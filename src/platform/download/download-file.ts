import { DownloadError } from './download-error.js';
import { filenameFromContentDisposition } from './content-disposition.js';
import { saveBlob } from './save-blob.js';

/**
 * The server's download routes expect a `token` field (the reference client used it to detect the end of
 * an iframe download); its value carries no meaning.
 */
export const DOWNLOAD_TOKEN = 'dummy-because-api-expects-one';

/** Options of {@link downloadFile}. */
export interface DownloadOptions {
  /** Absolute URL, or a path on the page's origin. */
  url: string;
  /** Extra form fields. */
  data?: Record<string, string | Blob>;
  /** Added as `csrf_token` when set. */
  csrfToken?: string;
  /** Cookie policy of the request; `same-origin` by default. */
  credentials?: RequestCredentials;
  /** Used when the answer names no file. */
  fallbackFilename?: string;
  /** Cancels the request. */
  signal?: AbortSignal;
  /** Where the file goes; defaults to the browser's download manager through {@link saveBlob}. */
  save?: (blob: Blob, filename: string) => void;
}

/** What was downloaded. */
export interface DownloadResult {
  filename: string;
  blob: Blob;
}

/**
 * Posts form data to a URL and saves the file it answers, named by its `Content-Disposition` header
 * (SPEC.md §7). Rejects with a {@link DownloadError} when there is no answer or an error status.
 */
export async function downloadFile(options: DownloadOptions): Promise<DownloadResult> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.data ?? {})) form.append(name, value);
  form.set('token', DOWNLOAD_TOKEN);
  if (options.csrfToken) form.set('csrf_token', options.csrfToken);

  let response: Response;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      body: form,
      credentials: options.credentials ?? 'same-origin',
      signal: options.signal ?? null,
    });
  } catch (cause) {
    throw new DownloadError(options.signal?.aborted ? 'aborted' : 'network', options.url, undefined, cause);
  }
  if (!response.ok) throw new DownloadError('http', options.url, response.status);

  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (cause) {
    throw new DownloadError(options.signal?.aborted ? 'aborted' : 'network', options.url, undefined, cause);
  }
  const filename = filenameFromContentDisposition(response.headers.get('content-disposition')) ?? options.fallbackFilename ?? 'download';
  (options.save ?? ((b: Blob, name: string) => saveBlob(b, name)))(blob, filename);
  return { filename, blob };
}
