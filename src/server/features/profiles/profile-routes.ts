import multipart from '@fastify/multipart';
import Type from 'typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_AVATAR_ROUTE,
  ADMIN_REMOVE_AVATAR_ROUTE,
  ADMIN_SET_PROFILE_ROUTE,
  OPERATOR_AVATAR,
  OPERATOR_AVATAR_ROUTE,
  OPERATOR_DISPLAY_NAME,
  OPERATOR_PROFILE_ROUTE,
  OPERATOR_REMOVE_AVATAR_ROUTE,
  OPERATOR_SET_PROFILE_ROUTE,
  avatarPath,
  type OperatorProfile,
} from '../../../protocol/operator-profile.js';
import { AVATAR_TOO_LARGE, checkAvatar, readAvatarParts } from './avatar-image.js';
import { operatorBudgets, roomToday, storeCharged, UploadError, requireMultipart, toUploadError } from '../../domain/attachments/index.js';
import { InvalidParamError, RpcError, TooManyRequestsError } from '../../core/rpc/errors.js';
import { HttpErrorSchema } from '../../core/schemas/http.js';
import { toId } from '../../core/schemas/params.js';
import { AdminAvatarFields, NoParams, OnOperatorParams, SetOperatorProfileParams, SetOwnProfileParams } from '../../../protocol/schemas/console-params.js';
import type { OperatorRow } from '../../core/db/tables.js';
import { AdminOnlyError } from '../../domain/operators/index.js';

/** Name changes an operator may make a minute (pictures count against the operator upload limit). */
export const PROFILE_CHANGES_PER_MINUTE = 20;

const ProfileSchema = Type.Object({ id: Type.Integer(), name: Type.String(), has_avatar: Type.Boolean(), avatar_url: Type.String() });
const UploadErrorSchema = Type.Object({ error: Type.Object({ code: Type.String(), message: Type.String() }) });

function profileOf(operator: OperatorRow): OperatorProfile {
  const hasAvatar = operator.avatar !== null && operator.avatar_mimetype !== null;
  return { id: operator.id, name: operator.display_name, has_avatar: hasAvatar, avatar_url: avatarPath(operator.id, operator.avatar_updated_at) };
}

/** The trimmed display name, within its bounds. */
function displayName(raw: string): string {
  const name = raw.trim();
  if ([...name].length < OPERATOR_DISPLAY_NAME.min || [...name].length > OPERATOR_DISPLAY_NAME.max) {
    throw new InvalidParamError(`The name must have ${OPERATOR_DISPLAY_NAME.min} to ${OPERATOR_DISPLAY_NAME.max} characters`);
  }
  return name;
}

const uploadSchema = (summary: string, withOperator: boolean) => ({
  summary,
  body: {
    content: {
      'multipart/form-data': {
        // Also `null`: Fastify validates the body before the handler streams the parts, so it sees none.
        schema: Type.Object(
          {
            ...(withOperator ? AdminAvatarFields.properties : {}),
            file: Type.String({ format: 'binary', description: `A square PNG, JPEG or WebP picture, at most ${OPERATOR_AVATAR.maxSide} pixels a side and ${OPERATOR_AVATAR.maxBytes} bytes` }),
          },
          { type: ['object', 'null'] },
        ),
      },
    },
  },
  response: { 200: ProfileSchema, '4xx': Type.Union([UploadErrorSchema, HttpErrorSchema]) },
});

/**
 * Operators' profiles: the display name and the picture visitors see (`/web/partner_image/{id}`).
 * Under `/im_livechat/operator/` an operator edits its own (`profile`, `set_profile`, `upload_avatar`,
 * `remove_avatar`); under its `admin/` an administrator edits anyone's. Pictures are charged to the
 * caller's operator upload limit (RATE_LIMIT_OPERATOR_UPLOAD) and daily budget (OPERATOR_UPLOAD_DAILY_BYTES).
 */
export async function operatorProfileRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { throwFileSizeLimit: true });
  const authorize = (request: FastifyRequest) => app.requireOperator(request);

  /** The operator `caller` may edit: itself, or as an administrator any active operator. */
  const editable = async (caller: OperatorRow, targetId: number): Promise<OperatorRow> => {
    if (targetId !== caller.id && !caller.is_admin) throw new AdminOnlyError();
    const target = targetId === caller.id ? caller : await app.store.getOperator(targetId);
    if (!target || target.archived_at !== null) throw new RpcError('This operator does not exist', 'missing_error', undefined, 'livechat.MissingError');
    return target;
  };
  const reread = async (id: number): Promise<OperatorProfile> => profileOf((await app.store.getOperator(id)) as OperatorRow);

  const rename = async (caller: OperatorRow, targetId: number, rawName: string): Promise<OperatorProfile> => {
    const target = await editable(caller, targetId);
    const name = displayName(rawName);
    await app.limits.take(`operator:profile:${caller.id}`, PROFILE_CHANGES_PER_MINUTE, 60_000);
    await app.store.setOperatorDisplayName(target.id, name);
    return reread(target.id);
  };
  const removeAvatar = async (caller: OperatorRow, targetId: number): Promise<OperatorProfile> => {
    const target = await editable(caller, targetId);
    await app.limits.take(`operator:profile:${caller.id}`, PROFILE_CHANGES_PER_MINUTE, 60_000);
    await app.store.setOperatorAvatar(target.id, null, null, app.clock.now());
    return reread(target.id);
  };

  app.rpc(OPERATOR_PROFILE_ROUTE, { summary: 'The operator’s own profile', params: NoParams, result: ProfileSchema, authorize }, async (_p, request) => profileOf(await app.requireOperator(request)));
  app.rpc(OPERATOR_SET_PROFILE_ROUTE, { summary: 'Changes the operator’s own display name', params: SetOwnProfileParams, result: ProfileSchema, authorize }, async (params, request) => {
    const caller = await app.requireOperator(request);
    return rename(caller, caller.id, params.name);
  });
  app.rpc(OPERATOR_REMOVE_AVATAR_ROUTE, { summary: 'Removes the operator’s own picture', params: NoParams, result: ProfileSchema, authorize }, async (_p, request) => {
    const caller = await app.requireOperator(request);
    return removeAvatar(caller, caller.id);
  });
  app.rpc(ADMIN_SET_PROFILE_ROUTE, { summary: 'Admin: changes an operator’s display name', params: SetOperatorProfileParams, result: ProfileSchema, authorize }, async (params, request) =>
    rename(await app.requireOperator(request), toId(params.operator_id), params.name),
  );
  app.rpc(ADMIN_REMOVE_AVATAR_ROUTE, { summary: 'Admin: removes an operator’s picture', params: OnOperatorParams, result: ProfileSchema, authorize }, async (params, request) =>
    removeAvatar(await app.requireOperator(request), toId(params.operator_id)),
  );

  const upload = (admin: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await storeAvatar(app, request, admin, editable);
    } catch (err) {
      const known = avatarRefusal(err, request);
      if (known?.retryAfterSeconds !== undefined) void reply.header('Retry-After', String(known.retryAfterSeconds));
      if (known) return reply.status(known.status).send({ error: { code: known.code, message: known.message } });
      throw err;
    }
  };
  app.post(OPERATOR_AVATAR_ROUTE, { schema: uploadSchema('Sets the operator’s own picture', false) }, upload(false));
  app.post(ADMIN_AVATAR_ROUTE, { schema: uploadSchema('Admin: sets an operator’s picture', true) }, upload(true));
}

/** The refusal of a picture upload as an {@link UploadError}, or undefined for a fault. */
function avatarRefusal(err: unknown, request: FastifyRequest): UploadError | undefined {
  if (err instanceof TooManyRequestsError) return new UploadError('rate_limited', 429, 'Too many files at once, please wait a moment.', err.retryAfterSeconds);
  if (err instanceof AdminOnlyError) return new UploadError('access_error', 403, err.message);
  if (err instanceof RpcError) return new UploadError('not_found', 404, err.message);
  const known = toUploadError(err, request, OPERATOR_AVATAR.maxBytes);
  return known?.code === 'file_too_large' ? new UploadError('file_too_large', 413, AVATAR_TOO_LARGE) : known;
}

type Editable = (caller: OperatorRow, targetId: number) => Promise<OperatorRow>;

/** The `operator_id` form field (multipart fields are text) as an id, or the refusal. */
function operatorIdField(value: string | undefined): number {
  if (value === undefined || !/^[1-9]\d{0,14}$/.test(value)) throw new UploadError('invalid', 400, 'operator_id must be an operator id');
  return Number(value);
}

/** Judges the caller, then reads, checks and stores one picture; the bytes count against the caller's budget. */
async function storeAvatar(app: FastifyInstance, request: FastifyRequest, admin: boolean, editable: Editable): Promise<OperatorProfile> {
  // Who asks is checked before a byte of the body is read.
  const caller = await app.currentOperator(request);
  if (!caller) throw new UploadError('session_expired', 401, 'Session expired');
  if (admin && !caller.is_admin) throw new AdminOnlyError();
  requireMultipart(request);
  await app.limits.take(`operator:upload:${caller.id}`, app.config.operatorUploadsPerMinute, 60_000);
  await app.diskGuard.assertRoomForUploads();
  const budgets = operatorBudgets(app, caller.id);
  await roomToday(app, budgets);
  const { fields, data } = await readAvatarParts(request, OPERATOR_AVATAR.maxBytes);
  const target = await editable(caller, admin ? operatorIdField(fields.operator_id) : caller.id);
  const picture = checkAvatar(data, app.config.imageMaxPixels);
  await storeCharged(app, budgets, picture.data.length, () => app.store.setOperatorAvatar(target.id, picture.data, picture.mimetype, app.clock.now()));
  return profileOf((await app.store.getOperator(target.id)) as OperatorRow);
}
