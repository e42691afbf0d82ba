import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MessageAttachment } from '../../protocol/livechat.js';
import type { UploadErrorCode } from '../../protocol/visitor-upload.js';
import type { ServerConfig } from '../config.js';
import type { AttachmentRow, OperatorRow, VisitorSessionRow } from '../store/schema.js';
import { attachmentToWire, plainTextToHtml } from '../livechat/format.js';
import { urlsFor } from '../livechat/urls.js';
import { InvalidParamError, intParam, optionalStringParam, stringParam } from '../livechat/params.js';
import { RpcError, SessionExpiredError } from '../plugins/jsonrpc.js';
import { publishMessage } from './widget.js';
import { operatorMaySee } from '../attachments/access.js';
import { MimetypeMismatchError, mimetypeFor } from '../attachments/sniff.js';

/** Files one upload may carry. */
export const MAX_FILES_PER_UPLOAD = 10;
/** Longest stored file name; longer names keep their end (the extension). */
export const ATTACHMENT_NAME_MAX = 255;
/** Longest URL of a URL-type attachment. */
export const ATTACHMENT_URL_MAX = 2048;
/** Longest text sent along with the files. */
const BODY_MAX = 4000;

/** An upload refused on purpose; `status` is the HTTP status, `code` is stable for clients, which show `message`. */
export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** `25 MB` for whole mebibytes, else bytes: what the operator reads in the size error. */
export function describeLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes`;
}

/** A stored file name: no folders (some browsers send `C:\fakepath\…`), no control or direction characters, "unnamed" when empty. */
export function cleanAttachmentName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters (C0, DEL, C1), direction overrides (which can show `gpj.exe` as `exe.jpg`) and lone
  // surrogates: nothing a name needs, and NUL breaks PostgreSQL text.
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim();
  if (cleaned === '') return 'unnamed';
  // Cutting may split a character in two: its second half goes too.
  return cleaned.length > ATTACHMENT_NAME_MAX ? cleaned.slice(cleaned.length - ATTACHMENT_NAME_MAX).replace(/^[\uDC00-\uDFFF]/, '') : cleaned;
}

const URL_TYPES: readonly [RegExp, string][] = [
  [/\.png$/i, 'image/png'],
  [/\.jpe?g$/i, 'image/jpeg'],
  [/\.gif$/i, 'image/gif'],
  [/\.webp$/i, 'image/webp'],
  [/\.mp4$/i, 'video/mp4'],
  [/\.webm$/i, 'video/webm'],
  [/\.ogv$/i, 'video/ogg'],
];

/** The mimetype of a URL-type attachment, from the URL's path (YouTube pages count as video). */
export function mimetypeOfUrl(url: URL): string {
  if (/(^|\.)youtube\.com$|(^|\.)youtu\.be$/i.test(url.hostname)) return 'video/youtube';
  return URL_TYPES.find(([re]) => re.test(url.pathname))?.[1] ?? 'text/uri-list';
}

interface UploadedFile {
  name: string;
  mimetype: string;
  data: Buffer;
}

async function sessionForUpload(app: FastifyInstance, operator: OperatorRow, sessionId: number): Promise<VisitorSessionRow> {
  const session = await app.store.getVisitorSession(sessionId);
  if (!session || !(await operatorMaySee(app, operator, session))) {
    throw new UploadError('not_found', 404, 'This conversation does not exist or is not yours');
  }
  if (session.closed_at !== null) throw new UploadError('session_closed', 409, 'This conversation is closed');
  return session;
}

async function readParts(request: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const parts = request.parts({ limits: { fileSize: maxBytes, files: MAX_FILES_PER_UPLOAD, fields: 10, fieldSize: BODY_MAX * 4 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const name = cleanAttachmentName(part.filename);
    const data = await part.toBuffer();
    files.push({ name, data, mimetype: mimetypeFor(name, data) });
  }
  return { fields, files };
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
  return undefined;
}

async function createMessageWith(
  app: FastifyInstance,
  request: FastifyRequest,
  session: VisitorSessionRow,
  operatorId: number,
  body: string,
  attachments: (Omit<AttachmentRow, 'id' | 'public_id' | 'created_at' | 'session_id' | 'message_id'>)[],
): Promise<{ message_id: number; attachments: MessageAttachment[] }> {
  const now = app.clock.now();
  const message = await app.store.insertMessage({ session_id: session.id, body: body.trim() === '' ? '' : plainTextToHtml(body.trim()), author_operator_id: operatorId }, now);
  const rows: AttachmentRow[] = [];
  for (const a of attachments) rows.push(await app.store.createAttachment({ ...a, session_id: session.id, message_id: message.id }, now));
  await publishMessage(app, request, session, message.id);
  const urls = urlsFor(request);
  return { message_id: message.id, attachments: rows.map((r) => attachmentToWire(r, urls, session.uuid)) };
}

/**
 * Operators attach files and links to a conversation (issue 6), from the console with their session cookie:
 * - `POST /im_livechat/operator/upload_attachment`, multipart: `session_id`, optional `body` text, one to
 *   {@link MAX_FILES_PER_UPLOAD} files (any field name). Answers `{message_id, attachments}` or
 *   `{error: {code, message}}` with an HTTP error status.
 * - `/im_livechat/operator/attach_url` (JSON-RPC) `{session_id, url, name?, body?}`: a URL-type attachment.
 * Either posts one new message in the session, published to the visitor like any other. The bytes are
 * stored in the database (both engines), so several server processes on one PostgreSQL share them.
 */
export async function attachmentUploadRoutes(app: FastifyInstance, opts: { config: Pick<ServerConfig, 'attachmentMaxBytes'> }): Promise<void> {
  const maxBytes = opts.config.attachmentMaxBytes;
  await app.register(multipart, { throwFileSizeLimit: true });

  const fail = (reply: FastifyReply, e: UploadError) => reply.status(e.status).send({ error: { code: e.code, message: e.message } });

  app.post('/im_livechat/operator/upload_attachment', async (request, reply) => {
    try {
      // Who asks is checked before a byte of the body is read.
      const operator = await app.currentOperator(request);
      if (!operator) throw new UploadError('session_expired', 401, 'Session expired');
      if (!request.isMultipart()) throw new UploadError('invalid', 400, 'The request must be multipart/form-data');
      const { fields, files } = await readParts(request, maxBytes);
      const session = await sessionForUpload(app, operator, intParam(fields, 'session_id'));
      if (files.length === 0) throw new UploadError('invalid', 400, 'No file was sent');
      const body = optionalStringParam(fields, 'body', BODY_MAX, '');
      return await createMessageWith(
        app,
        request,
        session,
        operator.id,
        body,
        files.map((f) => ({ name: f.name, mimetype: f.mimetype, type: 'file' as const, url: null, data: f.data, file_size: f.data.length })),
      );
    } catch (err) {
      const known = toUploadError(err, request, maxBytes);
      if (known) return fail(reply, known);
      throw err;
    }
  });

  app.rpc('/im_livechat/operator/attach_url', async (params, request) => {
    const operator = await app.currentOperator(request);
    if (!operator) throw new SessionExpiredError();
    const raw = stringParam(params, 'url', ATTACHMENT_URL_MAX).trim();
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new InvalidParamError('url must be an absolute http(s) address');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidParamError('url must be an absolute http(s) address');
    let session: VisitorSessionRow;
    try {
      session = await sessionForUpload(app, operator, intParam(params, 'session_id'));
    } catch (err) {
      if (err instanceof UploadError) throw new RpcError(err.message, err.code === 'not_found' ? 'missing_error' : 'user_error');
      throw err;
    }
    const fallbackName = url.pathname.split('/').filter(Boolean).pop() ?? url.hostname;
    const name = cleanAttachmentName(optionalStringParam(params, 'name', ATTACHMENT_NAME_MAX, '') || decodeURIComponentSafe(fallbackName));
    const body = optionalStringParam(params, 'body', BODY_MAX, '');
    return createMessageWith(app, request, session, operator.id, body, [{ name, mimetype: mimetypeOfUrl(url), type: 'url', url: url.toString(), data: null, file_size: 0 }]);
  });
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
