/**
 * Files the visitor sends (issue 15): the route, its answer and the channel's policy, shared by the widget,
 * the console and the server. The Odoo protocol has no visitor upload; this is an addition.
 */
import type { MessageAttachment } from './livechat.js';

/**
 * `POST` multipart/form-data: the field `uuid` (the visitor's session), optionally `post_key` (see
 * POST_KEY_PARAM), then exactly one file. The fields must come before the file: the server judges the
 * upload before it reads a byte of the file.
 */
export const VISITOR_UPLOAD_ROUTE = '/im_livechat/upload_attachment';

/** What a channel accepts from visitors unless an admin says otherwise: pictures, PDF and plain text. */
export const VISITOR_UPLOAD_TYPES_DEFAULT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain';
/** The largest visitor file a channel accepts unless an admin says otherwise. */
export const VISITOR_UPLOAD_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
/** Longest accepted-types list an admin may save, in characters. */
export const VISITOR_UPLOAD_TYPES_MAX = 1000;

/** A channel's visitor-upload policy, as `/im_livechat/init` gives it in `options.visitor_upload` (`false`: off). */
export interface VisitorUploadPolicy {
  /** Largest file, in bytes (the channel's setting within the server's own limit). */
  max_bytes: number;
  /** Accepted types: exact MIME types or `type/*`. */
  types: string[];
}

/** Why an upload was refused; stable, so clients map it to their own texts. */
export type UploadErrorCode =
  | 'session_expired'
  | 'not_found'
  | 'session_closed'
  | 'invalid'
  | 'empty_file'
  | 'file_too_large'
  | 'too_many_files'
  | 'mimetype_mismatch'
  | 'type_not_allowed'
  | 'image_too_large'
  | 'uploads_disabled'
  | 'session_full'
  | 'rate_limited'
  | 'upload_quota'
  | 'storage_full'
  | 'origin_not_allowed'
  | 'not_square'
  | 'access_error'
  | 'not_holder';

/** The answer of an upload: the new message, or why there is none (with an HTTP error status). */
export type UploadAnswer = { message_id: number; attachments: MessageAttachment[] } | { error: { code: UploadErrorCode; message: string } };

const TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,126})$/;

/** Markup a browser runs: never accepted through a wildcard, only when named exactly. */
const ACTIVE_TYPES = ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/xml', 'application/xml'];

/** The types of a comma-separated list, lower case, or undefined when one is not a MIME type or `type/*`. */
export function parseUploadTypes(text: string): string[] | undefined {
  const types = text
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== '');
  return types.length > 0 && types.every((t) => TYPE_PATTERN.test(t)) ? types : undefined;
}

/** Whether `mimetype` is one of `accepted` (exactly, or under a `type/*` that does not reach active markup). */
export function uploadTypeAccepted(mimetype: string, accepted: readonly string[]): boolean {
  const type = mimetype.toLowerCase();
  return accepted.some((a) => a === type || (a.endsWith('/*') && type.startsWith(a.slice(0, -1)) && !ACTIVE_TYPES.includes(type)));
}
