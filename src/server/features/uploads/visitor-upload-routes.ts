import multipart, { type MultipartFile } from '@fastify/multipart';
import Type from 'typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { POST_KEY_PARAM } from '../../../protocol/livechat.js';
import { VISITOR_UPLOAD_ROUTE, uploadTypeAccepted, type VisitorUploadPolicy } from '../../../protocol/visitor-upload.js';
import type { ServerConfig } from '../../core/config/config.js';
import type { VisitorSessionRow } from '../../core/db/tables.js';
import { attachmentToWire, messageToWire, messageChannels, openConversation } from '../../domain/conversations/index.js';
import { urlsFor } from '../../core/http/urls.js';
import { takeSessionQuota } from '../../domain/visitors/index.js';
import { visitorUploadPolicy, storedFile, cleanAttachmentName, UploadError, describeLimit, requireMultipart, toUploadError, overBudget, roomToday, storeCharged, visitorBudgets, type UploadBudget } from '../../domain/attachments/index.js';
import { LimitsUnavailableError, RpcError, TooManyRequestsError } from '../../core/rpc/errors.js';
import { checkParams } from '../../core/rpc/invalid-params.js';
import { PostKey, SessionUuid } from '../../core/schemas/params.js';
import { MessageAttachmentSchema } from '../../../protocol/schemas/livechat.js';

type Config = Pick<ServerConfig, 'attachmentMaxBytes' | 'visitorUploadSessionMaxBytes' | 'rateLimits'>;

/** Room for the multipart framing and the fields around the file. */
const FRAMING_BYTES = 16 * 1024;

/** What the fields before the file decide: whose upload it is, what it may be, and how large. */
interface Admission {
  session: VisitorSessionRow;
  policy: VisitorUploadPolicy;
  postKey: string | null;
  /** Bytes the file may have: the channel's limit, or less when the conversation or a daily budget is nearly spent. */
  limit: number;
  /** What sets {@link limit}: the channel's per-file limit, the conversation's room, or a daily budget. */
  limitIs: 'file' | 'session' | UploadBudget;
  /** The daily budgets the file is charged to. */
  budgets: UploadBudget[];
}

/** The fields before the file (multipart values are strings; a field sent twice counts once). */
const UploadFields = Type.Object({ uuid: SessionUuid(), [POST_KEY_PARAM]: Type.Optional(PostKey) });

async function admit(app: FastifyInstance, request: FastifyRequest, config: Config, fields: Map<string, string>): Promise<Admission> {
  // Malformed, unknown and closed read alike: no answer tells whether a conversation exists. A conversation
  // waiting in the queue takes files as an assigned one does: the operator who takes it sees them.
  const session = await openConversation(app, fields.get('uuid'));
  if (!session) throw new UploadError('session_expired', 404, 'This conversation has ended');
  const postKey = checkParams(request, UploadFields, Object.fromEntries(fields))[POST_KEY_PARAM] ?? null;
  const channel = await app.store.getChannel(session.channel_id);
  const policy = channel ? visitorUploadPolicy(channel, config.attachmentMaxBytes) : false;
  if (!policy) throw new UploadError('uploads_disabled', 403, 'Files cannot be sent in this conversation');
  await takeSessionQuota(app, 'upload', session.id);
  await app.diskGuard.assertRoomForUploads();
  const room = config.visitorUploadSessionMaxBytes - (await app.store.conversations.visitorUploadBytes(session.id));
  if (room <= 0) throw sessionFull(config);
  const budgets = visitorBudgets(app, request, session.channel_id);
  const daily = await roomToday(app, budgets);
  const limit = Math.min(policy.max_bytes, room, daily.room);
  const limitIs = limit === policy.max_bytes ? 'file' : limit === room ? 'session' : daily.tightest;
  return { session, policy, postKey, limit, limitIs, budgets };
}

function sessionFull(config: Config): UploadError {
  return new UploadError('session_full', 413, `This conversation cannot take more files: at most ${describeLimit(config.visitorUploadSessionMaxBytes)} in all`);
}

/**
 * Reads the file up to `limit` bytes. Past it the rest is read and dropped rather than left unread, so the
 * browser receives the refusal instead of a reset connection; the multipart limit (the server's largest
 * file) still ends a sender that goes on and on.
 */
async function readWithin(file: MultipartFile, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    }
  } catch (err) {
    // Already too large for this upload: the server-wide cut-off only ended the reading.
    if (size > limit) return undefined;
    throw err;
  }
  return size <= limit ? Buffer.concat(chunks, size) : undefined;
}

/** Reads the parts: the fields first, then the one file, judged by the fields before a byte of it is read. */
async function receive(app: FastifyInstance, request: FastifyRequest, config: Config): Promise<{ admission: Admission; name: string; data: Buffer }> {
  // A Map: field names such as `__proto__` are plain keys here (the multipart layer refuses them too).
  const fields = new Map<string, string>();
  let received: { admission: Admission; name: string; data: Buffer } | undefined;
  // `files: 1`: a second file ends the request with the multipart layer's FilesLimitError.
  const parts = request.parts({ limits: { fileSize: config.attachmentMaxBytes, files: 1, fields: 4, fieldSize: 128, parts: 5 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (typeof part.value === 'string' && !fields.has(part.fieldname)) fields.set(part.fieldname, part.value);
      continue;
    }
    let admission: Admission;
    try {
      admission = await admit(app, request, config, fields);
    } catch (err) {
      // Read and dropped, so the refusal reaches the browser instead of a connection reset.
      part.file.resume();
      throw err;
    }
    const data = await readWithin(part, admission.limit);
    if (!data) {
      if (admission.limitIs === 'session') throw sessionFull(config);
      if (admission.limitIs !== 'file') throw overBudget(app, admission.limitIs);
      throw new UploadError('file_too_large', 413, `The file is too large: at most ${describeLimit(admission.policy.max_bytes)} per file`);
    }
    received = { admission, name: cleanAttachmentName(part.filename), data };
  }
  if (!received) throw new UploadError('invalid', 400, 'No file was sent');
  return received;
}

async function store(app: FastifyInstance, request: FastifyRequest, config: Config, upload: { admission: Admission; name: string; data: Buffer }) {
  const { session, policy, postKey, budgets } = upload.admission;
  if (upload.data.length === 0) throw new UploadError('empty_file', 400, 'The file is empty');
  const { name, mimetype } = storedFile(upload.name, upload.data, app.config.imageMaxPixels);
  if (!uploadTypeAccepted(mimetype, policy.types)) throw new UploadError('type_not_allowed', 415, `Files of this type cannot be sent here (${mimetype})`);
  const urls = urlsFor(request);
  // A retry of an upload whose answer was lost: the stored message answers it.
  const known = postKey === null ? undefined : await app.store.findMessageIdByPostKey(session.id, postKey);
  const existing = known === undefined ? undefined : await app.store.getMessage(known);
  if (existing) return { message_id: existing.id, attachments: existing.attachments.map((a) => attachmentToWire(a, urls, session.uuid)) };
  // Checked again just before storing: uploads of one conversation that ran side by side are counted.
  if ((await app.store.conversations.visitorUploadBytes(session.id)) + upload.data.length > config.visitorUploadSessionMaxBytes) throw sessionFull(config);
  const { stored, fresh } = await insertCharged(app, session, budgets, { postKey, name, mimetype, data: upload.data });
  if (!stored) throw new Error('the uploaded message was not stored');
  if (!fresh) return { message_id: stored.id, attachments: stored.attachments.map((a) => attachmentToWire(a, urls, session.uuid)) };
  // The key goes out with the announcement: the widget's pending upload takes the message's place.
  await app.bus.publish(messageChannels(session), { ...messageToWire(stored, session, urls), ...(postKey ? { [POST_KEY_PARAM]: postKey } : {}) });
  return { message_id: stored.id, attachments: stored.attachments.map((a) => attachmentToWire(a, urls, session.uuid)) };
}

/**
 * Stores the file's message once the daily budgets took its bytes; gives them back if storing fails. A
 * retry that raced its first attempt meets the unique post key: the first attempt's message answers it.
 */
async function insertCharged(app: FastifyInstance, session: VisitorSessionRow, budgets: UploadBudget[], file: { postKey: string | null; name: string; mimetype: string; data: Buffer }) {
  try {
    const stored = await storeCharged(app, budgets, file.data.length, async () => {
      const now = app.clock.now();
      const message = await app.store.insertMessage({ session_id: session.id, body: '', author_operator_id: null, post_key: file.postKey }, now);
      await app.store.createAttachment({ session_id: session.id, message_id: message.id, name: file.name, mimetype: file.mimetype, type: 'file', url: null, data: file.data, file_size: file.data.length }, now);
      return app.store.getMessage(message.id);
    });
    return { stored, fresh: true };
  } catch (err) {
    const raced = file.postKey === null ? undefined : await app.store.findMessageIdByPostKey(session.id, file.postKey).catch(() => undefined);
    if (raced === undefined) throw err;
    return { stored: await app.store.getMessage(raced), fresh: false };
  }
}

/** Any failure as the route's answer: `{error: {code, message}}` with its HTTP status. */
function answerError(config: Config, err: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const known = toUploadError(err, request, config.attachmentMaxBytes);
  if (known?.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(known.retryAfterSeconds));
  if (known) return reply.status(known.status).send({ error: { code: known.code, message: known.message } });
  const status = (err as FastifyError).statusCode;
  if (err instanceof TooManyRequestsError || status === 429) {
    if (err instanceof TooManyRequestsError) void reply.header('Retry-After', String(err.retryAfterSeconds));
    return reply.status(429).send({ error: { code: 'rate_limited', message: 'Too many files at once, please wait a moment.' } });
  }
  if (err instanceof LimitsUnavailableError) {
    return reply.status(503).header('Retry-After', String(err.retryAfterSeconds)).send({ error: { code: 'unavailable', message: err.message } });
  }
  if (err instanceof RpcError) return reply.status(403).send({ error: { code: 'origin_not_allowed', message: err.message } });
  const multipartRefusal = Object.values(request.server.multipartErrors).some((type) => err instanceof type);
  if (multipartRefusal || (status !== undefined && status < 500)) return reply.status(400).send({ error: { code: 'invalid', message: 'The request is not a valid upload' } });
  request.log.error({ err }, 'visitor upload failed');
  return reply.status(500).send({ error: { code: 'invalid', message: 'The file could not be stored' } });
}

const UploadErrorSchema = Type.Object({ error: Type.Object({ code: Type.String(), message: Type.String() }) });

const uploadSchema = (config: Config) => ({
  summary: 'A visitor sends a file into its conversation',
  body: {
    content: {
      'multipart/form-data': {
        // Also `null`: Fastify validates the body before the handler streams the parts, so it sees none;
        // the fields are checked as they arrive (checkParams), before a byte of the file is read.
        schema: Type.Object(
          { ...UploadFields.properties, file: Type.String({ format: 'binary', description: `Exactly one file, after the fields; at most the channel’s limit and ${config.attachmentMaxBytes} bytes` }) },
          { type: ['object', 'null'] },
        ),
      },
    },
  },
  response: {
    200: Type.Object({ message_id: Type.Integer(), attachments: Type.Array(MessageAttachmentSchema) }),
    '4xx': UploadErrorSchema,
    '5xx': UploadErrorSchema,
  },
});

/**
 * Visitors send files into their conversation (issue 15): `POST /im_livechat/upload_attachment` (see
 * VISITOR_UPLOAD_ROUTE), from the embedding page without credentials (CORS for ALLOWED_ORIGINS). The
 * file is judged like an operator's (named type must match the content; markup is never served inline)
 * and against the channel's policy; the per-address limit (RATE_LIMIT_UPLOAD), the per-session limit
 * (SESSION_LIMIT_UPLOAD), the conversation's total (VISITOR_UPLOAD_SESSION_MAX_BYTES) and the daily
 * budgets per address and per channel bound what visitors can store, and no file is taken while the data
 * volume is nearly full. The new message reaches the operator like any other.
 */
export async function visitorUploadRoutes(app: FastifyInstance, opts: { config: Config }): Promise<void> {
  const { config } = opts;
  await app.register(multipart, { throwFileSizeLimit: true });
  app.visitorPreflight(VISITOR_UPLOAD_ROUTE);
  app.post(
    VISITOR_UPLOAD_ROUTE,
    {
      schema: uploadSchema(config),
      config: { visitorCors: true, rateLimit: { max: config.rateLimits.upload, timeWindow: 60_000 } },
      errorHandler: (err, request, reply) => answerError(config, err, request, reply),
    },
    async (request) => {
      requireMultipart(request);
      // A body announced larger than any accepted file is refused before it is read.
      if (Number(request.headers['content-length'] ?? 0) > config.attachmentMaxBytes + FRAMING_BYTES) {
        throw new UploadError('file_too_large', 413, `The file is too large: at most ${describeLimit(config.attachmentMaxBytes)} per file`);
      }
      return store(app, request, config, await receive(app, request, config));
    },
  );
}
