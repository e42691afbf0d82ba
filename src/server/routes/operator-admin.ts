import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATOR_PASSWORD_MIN, type ChannelSettings, type OperatorAccount } from '../../protocol/operator-console.js';
import { RpcError, type RpcParams } from '../plugins/jsonrpc.js';
import type { ChannelRow, OperatorRow } from '../store/schema.js';
import { parseEmailAddress } from '../mail/email-address.js';
import { InvalidParamError, intParam, optionalStringParam, stringParam } from '../livechat/params.js';

/** Longest login and display name an admin may give. */
export const OPERATOR_NAME_MAX = 100;
/** Longest password accepted (scrypt takes any length; this only bounds the work per request). */
export const OPERATOR_PASSWORD_MAX = 200;

/** Channel fields an admin may change; each is checked by the dataset layer's writers (models.ts). */
export const CHANNEL_SETTING_FIELDS = [
  'name',
  'button_text',
  'default_message',
  'input_placeholder',
  'button_background_color',
  'button_text_color',
  'header_background_color',
  'title_color',
  'rule_action',
  'auto_popup_timer',
  'rule_url_pattern',
  'prechat_form',
  'visitor_uploads',
  'visitor_upload_max_bytes',
  'visitor_upload_types',
  'offline_mode',
  'offline_text',
  'missed_after_seconds',
] as const;

/** The caller is logged in but is not an administrator. */
export class AdminOnlyError extends RpcError {
  constructor() {
    super('Only administrators may manage operators and channels', 'access_error', undefined, 'livechat.AccessError');
  }
}

class OperatorNotFoundError extends RpcError {
  constructor() {
    super('This operator does not exist', 'missing_error', undefined, 'livechat.MissingError');
  }
}

/** The channel an admin names does not exist. */
export class ChannelNotFoundError extends RpcError {
  constructor() {
    super('This livechat channel does not exist', 'missing_error', undefined, 'livechat.MissingError');
  }
}

function passwordParam(params: RpcParams): string {
  const password = stringParam(params, 'password', OPERATOR_PASSWORD_MAX);
  if (password.length < OPERATOR_PASSWORD_MIN) throw new InvalidParamError(`The password must have at least ${OPERATOR_PASSWORD_MIN} characters`);
  return password;
}

function loginParam(params: RpcParams): string {
  const login = stringParam(params, 'login', OPERATOR_NAME_MAX).trim();
  if (!/^\S+$/.test(login)) throw new InvalidParamError('The login must be one word without spaces');
  return login;
}

function channelIdsParam(params: RpcParams): number[] {
  const raw = params.channel_ids ?? [];
  if (!Array.isArray(raw) || raw.length > 1000 || !raw.every((id) => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) {
    throw new InvalidParamError('channel_ids must be a list of channel ids');
  }
  return [...new Set(raw as number[])];
}

function settingsOf(channel: ChannelRow): ChannelSettings {
  // Flags are 0/1 in the database (SQLite has no boolean) and booleans on the wire.
  return Object.fromEntries([['id', channel.id], ...CHANNEL_SETTING_FIELDS.map((f) => [f, f === 'visitor_uploads' ? channel[f] === 1 : channel[f]])]) as unknown as ChannelSettings;
}

/** Where the routes below live: app.ts registers them under it. */
export const OPERATOR_ADMIN_PREFIX = '/im_livechat/operator/admin';

/**
 * Administration from the console (issue 7), admins only, under {@link OPERATOR_ADMIN_PREFIX}; every
 * route checks the caller's role on the server, whatever the console shows:
 * - `operators` {} → OperatorAccount[] (removed operators left out);
 * - `add_operator` {login, name, password, email?, is_admin?, channel_ids?} → OperatorAccount; the
 *   password is hashed by the store (scrypt);
 * - `remove_operator` {operator_id} → true; archived, not deleted, because its past conversations point
 *   at it; it can no longer log in and is logged out everywhere;
 * - `reset_password` {operator_id, password} → true; logs it out everywhere;
 * - `channels` {} → ChannelSettings[];
 * - `update_channel` {channel_id, values} → ChannelSettings.
 */
export async function operatorAdminRoutes(app: FastifyInstance): Promise<void> {
  // Admin actions change channels and who may answer them; init must not answer from before.
  app.addHook('onSend', async () => {
    app.availability.forget();
  });
  const requireAdmin = async (request: FastifyRequest): Promise<OperatorRow> => {
    const operator = await app.requireOperator(request);
    if (!operator.is_admin) throw new AdminOnlyError();
    return operator;
  };

  const activeOperator = async (id: number): Promise<OperatorRow> => {
    const operator = await app.store.getOperator(id);
    if (!operator || operator.archived_at !== null) throw new OperatorNotFoundError();
    return operator;
  };

  const accountOf = async (operator: OperatorRow): Promise<OperatorAccount> => ({
    id: operator.id,
    login: operator.login,
    name: operator.display_name,
    email: operator.email,
    is_admin: Boolean(operator.is_admin),
    channel_ids: await app.store.operatorChannelIds(operator.id),
  });

  app.rpc('/operators', async (_params, request) => {
    await requireAdmin(request);
    const out: OperatorAccount[] = [];
    for (const operator of await app.store.listOperators()) if (operator.archived_at === null) out.push(await accountOf(operator));
    return out;
  });

  app.rpc('/add_operator', async (params, request) => {
    await requireAdmin(request);
    const login = loginParam(params);
    const name = stringParam(params, 'name', OPERATOR_NAME_MAX).trim();
    if (name === '') throw new InvalidParamError('The name is empty');
    const password = passwordParam(params);
    const rawEmail = optionalStringParam(params, 'email', 300, '').trim();
    const email = rawEmail === '' ? null : parseEmailAddress(rawEmail);
    if (email === undefined) throw new InvalidParamError('The e-mail address is not valid');
    if (params.is_admin !== undefined && typeof params.is_admin !== 'boolean') throw new InvalidParamError('is_admin must be true or false');
    const channelIds = channelIdsParam(params);
    for (const id of channelIds) if (!(await app.store.getChannel(id))) throw new ChannelNotFoundError();
    // A removed operator keeps its login (its conversations still name it), so the login stays taken.
    if (await app.store.getOperatorByLogin(login)) throw new RpcError('This login is already taken', 'user_error');
    const operator = await app.store.createOperator({ login, display_name: name, email, password, is_admin: params.is_admin === true });
    for (const id of channelIds) await app.store.addChannelOperator(id, operator.id);
    return accountOf(operator);
  });

  app.rpc('/remove_operator', async (params, request) => {
    const admin = await requireAdmin(request);
    const operator = await activeOperator(intParam(params, 'operator_id'));
    // Keeps at least one administrator able to log in.
    if (operator.id === admin.id) throw new RpcError('You cannot remove yourself', 'user_error');
    await app.store.archiveOperator(operator.id, app.clock.now());
    return true;
  });

  app.rpc('/reset_password', async (params, request) => {
    await requireAdmin(request);
    const operator = await activeOperator(intParam(params, 'operator_id'));
    await app.store.setOperatorPassword(operator.id, passwordParam(params));
    return true;
  });

  app.rpc('/channels', async (_params, request) => {
    await requireAdmin(request);
    return (await app.store.listChannels()).map(settingsOf);
  });

  app.rpc('/update_channel', async (params, request) => {
    const admin = await requireAdmin(request);
    const id = intParam(params, 'channel_id');
    if (!(await app.store.getChannel(id))) throw new ChannelNotFoundError();
    const values = params.values;
    if (typeof values !== 'object' || values === null || Array.isArray(values)) throw new InvalidParamError('values must be an object');
    for (const key of Object.keys(values)) {
      if (!(CHANNEL_SETTING_FIELDS as readonly string[]).includes(key)) throw new InvalidParamError(`Not a channel setting: ${key.slice(0, 60)}`);
    }
    // The dataset layer owns the checks of each field (texts, colours, rule), so both ways agree.
    await app.store.dataset({ operator: admin, now: app.clock.now() }).write('im_livechat.channel', [id], values);
    return settingsOf((await app.store.getChannel(id)) as ChannelRow);
  });
}
