import multipart from '@fastify/multipart';
import Type from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../core/config/config.js';
import type { AttachmentRow, OperatorRow, VisitorSessionRow } from '../../core/db/tables.js';
import { attachmentToWire, plainTextToHtml, type WireAttachment, publishMessage, ConversationNotFoundError, ReplyRefusedError, mayAnswer, mayRead } from '../../domain/conversations/index.js';
import { urlsFor } from '../../core/http/urls.js';
import { InvalidParamError, RpcError, TooManyRequestsError } from '../../core/rpc/errors.js';
import { checkParams } from '../../core/rpc/invalid-params.js';
import { storedFile, ATTACHMENT_BODY_MAX, MAX_FILES_PER_UPLOAD, cleanAttachmentName, mimetypeOfUrl, UploadError, requireMultipart, toUploadError, operatorBudgets, roomToday, storeCharged } from '../../domain/attachments/index.js';
import { HttpErrorSchema } from '../../core/schemas/http.js';
import { MessageAttachmentSchema } from '../../../protocol/schemas/livechat.js';
import { textOr, toId } from '../../core/schemas/params.js';
import { AttachUrlParams, UploadFields } from '../../../protocol/schemas/console-params.js';
import { ATTACH_URL_ROUTE, OPERATOR_UPLOAD_ROUTE } from '../../../protocol/console/routes.js';

interface UploadedFile {
  name: string;
  mimetype: string;
  data: Buffer;
}

async function sessionForUpload(app: FastifyInstance, operator: OperatorRow, sessionId: number): Promise<VisitorSessionRow> {
  const session = await app.store.getVisitorSession(sessionId);
  if (!session || !(await mayRead(app.store, operator, session))) {
    throw new UploadError('not_found', 404, 'This conversation does not exist or is not yours');
  }
  if (session.closed_at !== null) throw new UploadError('session_closed', 409, 'This conversation is closed');
  if (!(await mayAnswer(app.store, operator, session))) throw new UploadError('not_holder', 403, 'You supervise this conversation: take it to send files to the visitor');
  return session;
}

async function readParts(request: FastifyRequest, maxBytes: number): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const parts = request.parts({ limits: { fileSize: maxBytes, files: MAX_FILES_PER_UPLOAD, fields: 10, fieldSize: ATTACHMENT_BODY_MAX * 4 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const data = await part.toBuffer();
    files.push({ data, ...storedFile(cleanAttachmentName(part.filename), data, request.server.config.imageMaxPixels) });
  }
  return { fields, files };
}

async function createMessageWith(
  app: FastifyInstance,
  request: FastifyRequest,
  session: VisitorSessionRow,
  operatorId: number,
  body: string,
  attachments: Omit<AttachmentRow, 'id' | 'public_id' | 'created_at' | 'session_id' | 'message_id'>[],
): Promise<{ message_id: number; attachments: WireAttachment[] }> {
  const bytes = attachments.reduce((n, a) => n + a.file_size, 0);
  const insert = () => insertMessageWith(app, request, session, operatorId, body, attachments);
  return bytes > 0 ? storeCharged(app, operatorBudgets(app, operatorId), bytes, insert) : insert();
}

async function insertMessageWith(
  app: FastifyInstance,
  request: FastifyRequest,
  session: VisitorSessionRow,
  operatorId: number,
  body: string,
  attachments: Omit<AttachmentRow, 'id' | 'public_id' | 'created_at' | 'session_id' | 'message_id'>[],
): Promise<{ message_id: number; attachments: WireAttachment[] }> {
  const now = app.clock.now();
  const message = await app.store.insertMessage({ session_id: session.id, body: body.trim() === '' ? '' : plainTextToHtml(body.trim()), author_operator_id: operatorId }, now);
  const rows: AttachmentRow[] = [];
  for (const a of attachments) rows.push(await app.store.createAttachment({ ...a, session_id: session.id, message_id: message.id }, now));
  await publishMessage(app, request, session, message.id);
  const urls = urlsFor(request);
  return { message_id: message.id, attachments: rows.map((r) => attachmentToWire(r, urls, session.uuid)) };
}

const Posted = Type.Object({ message_id: Type.Integer(), attachments: Type.Array(MessageAttachmentSchema) });
const UploadErrorSchema = Type.Object({ error: Type.Object({ code: Type.String(), message: Type.String() }) });

const uploadSchema = (maxBytes: number) => ({
  summary: 'Posts files to a conversation, from the console',
  body: {
    content: {
      'multipart/form-data': {
        // Also `null`: Fastify validates the body before the handler streams the parts, so it sees none.
        schema: Type.Object(
          { ...UploadFields.properties, file: Type.Array(Type.String({ format: 'binary' }), { minItems: 1, maxItems: MAX_FILES_PER_UPLOAD, description: `One to ${MAX_FILES_PER_UPLOAD} files of at most ${maxBytes} bytes, under any field name` }) },
          { type: ['object', 'null'] },
        ),
      },
    },
  },
  response: { 200: Posted, '4xx': Type.Union([UploadErrorSchema, HttpErrorSchema]) },
});

/**
 * Operators attach files and links to a conversation (issue 6), from the console with their session
 * cookie, under `/im_livechat/operator/` (protocol/console/routes.ts):
 * - `POST upload_attachment`, multipart: `session_id`, optional `body` text, one to
 *   {@link MAX_FILES_PER_UPLOAD} files (any field name). Answers `{message_id, attachments}` or
 *   `{error: {code, message}}` with an HTTP error status.
 * - `attach_url` (JSON-RPC) `{session_id, url, name?, body?}`: a URL-type attachment.
 * Either posts one new message in the session, published to the visitor like any other. The bytes are
 * stored in the database (both engines), so several server processes on one PostgreSQL share them.
 * Files are bounded per operator: RATE_LIMIT_OPERATOR_UPLOAD uploads a minute and OPERATOR_UPLOAD_DAILY_BYTES
 * a UTC day; none is taken while the data volume is nearly full.
 */
export async function attachmentUploadRoutes(app: FastifyInstance, opts: { config: Pick<ServerConfig, 'attachmentMaxBytes' | 'operatorUploadsPerMinute'> }): Promise<void> {
  const maxBytes = opts.config.attachmentMaxBytes;
  const perMinute = opts.config.operatorUploadsPerMinute;
  await app.register(multipart, { throwFileSizeLimit: true });

  const upload = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      // Who asks is checked before a byte of the body is read.
      const operator = await app.currentOperator(request);
      if (!operator) throw new UploadError('session_expired', 401, 'Session expired');
      requireMultipart(request);
      await app.limits.take(`operator:upload:${operator.id}`, perMinute, 60_000);
      await app.diskGuard.assertRoomForUploads();
      await roomToday(app, operatorBudgets(app, operator.id));
      const { fields, files } = await readParts(request, maxBytes);
      const form = checkParams(request, UploadFields, fields);
      const session = await sessionForUpload(app, operator, toId(form.session_id));
      if (files.length === 0) throw new UploadError('invalid', 400, 'No file was sent');
      const posted = files.map((f) => ({ name: f.name, mimetype: f.mimetype, type: 'file' as const, url: null, data: f.data, file_size: f.data.length }));
      return await createMessageWith(app, request, session, operator.id, form.body ?? '', posted);
    } catch (err) {
      const known = err instanceof TooManyRequestsError ? new UploadError('rate_limited', 429, 'Too many files at once, please wait a moment.', err.retryAfterSeconds) : toUploadError(err, request, maxBytes);
      if (known?.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(known.retryAfterSeconds));
      if (known) return reply.status(known.status).send({ error: { code: known.code, message: known.message } });
      throw err;
    }
  };
  app.post(OPERATOR_UPLOAD_ROUTE, { schema: uploadSchema(maxBytes) }, upload);

  app.rpc(
    ATTACH_URL_ROUTE,
    {
      summary: 'Posts a link to a conversation, from the console',
      params: AttachUrlParams,
      result: Posted,
      authorize: (request) => app.requireOperator(request),
    },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      const url = absoluteHttpUrl(params.url.trim());
      let session: VisitorSessionRow;
      try {
        session = await sessionForUpload(app, operator, toId(params.session_id));
      } catch (err) {
        if (err instanceof UploadError) throw err.code === 'not_found' ? new ConversationNotFoundError() : err.code === 'not_holder' ? new ReplyRefusedError() : new RpcError(err.message, 'user_error');
        throw err;
      }
      const fallbackName = url.pathname.split('/').filter(Boolean).pop() ?? url.hostname;
      const name = cleanAttachmentName(textOr(params.name, '') || decodeURIComponentSafe(fallbackName));
      const link = { name, mimetype: mimetypeOfUrl(url), type: 'url' as const, url: url.toString(), data: null, file_size: 0 };
      return createMessageWith(app, request, session, operator.id, textOr(params.body, ''), [link]);
    },
  );
}

/** The address, if it is an absolute http(s) one: a question for the URL parser, not for a schema. */
function absoluteHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidParamError('url must be an absolute http(s) address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidParamError('url must be an absolute http(s) address');
  return url;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
