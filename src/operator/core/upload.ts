import type { MessageAttachment } from '../../protocol/livechat.js';
import type { UploadFields } from '../../protocol/schemas/console-params.js';

/** Why an upload failed: the server's codes (attachments-upload.ts), or `network` when no answer came. */
export type UploadFailureCode = 'session_expired' | 'not_found' | 'session_closed' | 'invalid' | 'file_too_large' | 'too_many_files' | 'mimetype_mismatch' | 'image_too_large' | 'network' | 'unknown';

/** An upload the server refused or that never reached it; `message` is readable as is. */
export class UploadFailure extends Error {
  override readonly name = 'UploadFailure';
  constructor(
    readonly code: UploadFailureCode,
    message: string,
  ) {
    super(message);
  }
}

/** What the server answers to a successful upload. */
export interface UploadResult {
  message_id: number;
  attachments: MessageAttachment[];
}

const CODES: readonly UploadFailureCode[] = ['session_expired', 'not_found', 'session_closed', 'invalid', 'file_too_large', 'too_many_files', 'mimetype_mismatch', 'image_too_large'];

/**
 * Sends files to a conversation through `POST /im_livechat/operator/upload_attachment` (multipart, the
 * session cookie). The server posts them as one message, which reaches the visitor and the console on
 * the bus like any other.
 */
export async function uploadAttachments(url: string, sessionId: number, files: readonly File[], fetchImpl: typeof fetch = fetch): Promise<UploadResult> {
  const form = new FormData();
  // The server reads the session before the files, so it can refuse before receiving the bytes.
  const fields = { session_id: String(sessionId) } satisfies UploadFields;
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetchImpl(url, { method: 'POST', body: form, credentials: 'same-origin' });
  } catch (err) {
    throw new UploadFailure('network', err instanceof Error ? err.message : String(err));
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  if (!response.ok || error) {
    const code = CODES.includes(error?.code as UploadFailureCode) ? (error?.code as UploadFailureCode) : 'unknown';
    throw new UploadFailure(code, typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`);
  }
  return body as UploadResult;
}
