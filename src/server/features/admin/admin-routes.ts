import Type, { type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { CHANNEL_SETTING_FIELDS } from '../../../protocol/operator-console.js';
import { avatarPath } from '../../../protocol/operator-profile.js';
import { InvalidParamError, RpcError } from '../../core/rpc/errors.js';
import type { ChannelRow, OperatorRow } from '../../core/db/tables.js';
import { parseEmailAddress } from '../../../protocol/email-address.js';
import { textOr, toId } from '../../core/schemas/params.js';
import { AddOperatorParams, NoParams, OnOperatorParams, ResetPasswordParams, UpdateChannelParams } from '../../../protocol/schemas/console-params.js';
import { ChannelSettingsSchema, OperatorAccountSchema } from '../../../protocol/schemas/console.js';
import {
  ADD_OPERATOR_ROUTE,
  CHANNELS_ROUTE,
  OPERATORS_ROUTE,
  REMOVE_OPERATOR_ROUTE,
  RESET_PASSWORD_ROUTE,
  UPDATE_CHANNEL_ROUTE,
} from '../../../protocol/console/routes.js';
import { ChannelNotFoundError, adminOnly } from '../../domain/operators/index.js';
import { channelSettingsPatch } from '../../domain/channels/index.js';

type ChannelSettings = Static<typeof ChannelSettingsSchema>;
type OperatorAccount = Static<typeof OperatorAccountSchema>;

class OperatorNotFoundError extends RpcError {
  constructor() {
    super('This operator does not exist', 'missing_error', undefined, 'livechat.MissingError');
  }
}

function settingsOf(channel: ChannelRow): ChannelSettings {
  // Flags are 0/1 in the database (SQLite has no boolean) and booleans on the wire.
  return Object.fromEntries([['id', channel.id], ...CHANNEL_SETTING_FIELDS.map((f) => [f, f === 'visitor_uploads' ? channel[f] === 1 : channel[f]])]) as unknown as ChannelSettings;
}

/**
 * Administration from the console (issue 7), admins only, under `/im_livechat/operator/admin/` (protocol/console/routes.ts); every
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
  const requireAdmin = adminOnly(app);

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
    has_avatar: operator.avatar !== null && operator.avatar_mimetype !== null,
    avatar_url: avatarPath(operator.id, operator.avatar_updated_at),
  });

  const authorize = requireAdmin;

  app.rpc(OPERATORS_ROUTE, { summary: 'The operators (removed ones left out)', params: NoParams, result: Type.Array(OperatorAccountSchema), authorize }, async () => {
    const out: OperatorAccount[] = [];
    for (const operator of await app.store.listOperators()) if (operator.archived_at === null) out.push(await accountOf(operator));
    return out;
  });

  app.rpc(ADD_OPERATOR_ROUTE, { summary: 'Adds an operator', params: AddOperatorParams, result: OperatorAccountSchema, authorize }, async (params) => {
    const login = params.login.trim();
    if (!/^\S+$/.test(login)) throw new InvalidParamError('The login must be one word without spaces');
    const name = params.name.trim();
    if (name === '') throw new InvalidParamError('The name is empty');
    const rawEmail = textOr(params.email, '').trim();
    const email = rawEmail === '' ? null : parseEmailAddress(rawEmail);
    if (email === undefined) throw new InvalidParamError('The e-mail address is not valid');
    const channelIds = [...new Set(params.channel_ids ?? [])];
    for (const id of channelIds) if (!(await app.store.getChannel(id))) throw new ChannelNotFoundError();
    // A removed operator keeps its login (its conversations still name it), so the login stays taken.
    if (await app.store.getOperatorByLogin(login)) throw new RpcError('This login is already taken', 'user_error');
    const operator = await app.store.createOperator({ login, display_name: name, email, password: params.password, is_admin: params.is_admin === true });
    for (const id of channelIds) await app.store.addChannelOperator(id, operator.id);
    return accountOf(operator);
  });

  app.rpc(REMOVE_OPERATOR_ROUTE, { summary: 'Removes an operator (archived: its conversations stay)', params: OnOperatorParams, result: Type.Literal(true), authorize }, async (params, request) => {
    const admin = await requireAdmin(request);
    const operator = await activeOperator(toId(params.operator_id));
    // Keeps at least one administrator able to log in.
    if (operator.id === admin.id) throw new RpcError('You cannot remove yourself', 'user_error');
    await app.store.archiveOperator(operator.id, app.clock.now());
    return true as const;
  });

  app.rpc(RESET_PASSWORD_ROUTE, { summary: 'Sets an operator’s password (logged out everywhere)', params: ResetPasswordParams, result: Type.Literal(true), authorize }, async (params) => {
    const operator = await activeOperator(toId(params.operator_id));
    await app.store.setOperatorPassword(operator.id, params.password);
    return true as const;
  });

  app.rpc(CHANNELS_ROUTE, { summary: 'The channels’ settings', params: NoParams, result: Type.Array(ChannelSettingsSchema), authorize }, async () =>
    (await app.store.listChannels()).map(settingsOf),
  );

  app.rpc(UPDATE_CHANNEL_ROUTE, { summary: 'Changes a channel’s settings', params: UpdateChannelParams, result: ChannelSettingsSchema, authorize }, async (params, request) => {
    await requireAdmin(request);
    const id = toId(params.channel_id);
    if (!(await app.store.getChannel(id))) throw new ChannelNotFoundError();
    await app.store.updateChannel(id, channelSettingsPatch(params.values));
    return settingsOf((await app.store.getChannel(id)) as ChannelRow);
  });
}
