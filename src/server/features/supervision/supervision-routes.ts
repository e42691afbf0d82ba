import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CHANNEL_ROLES_ROUTE,
  SET_CHANNEL_ROLE_ROUTE,
  SUPERVISED_CHANNELS_ROUTE,
  SUPERVISION_LIMITS,
  SUPERVISION_ROUTE,
  TAKE_CONVERSATION_ROUTE,
  type ChannelMember,
} from '../../../protocol/console/supervision.js';
import { NoParams, OnChannelParams, OnSessionParams } from '../../../protocol/schemas/console-params.js';
import { ChannelMembersSchema, SetChannelRoleParams, SupervisedChannelsSchema, SupervisionSnapshotSchema } from '../../../protocol/schemas/supervision.js';
import { RpcError } from '../../core/rpc/errors.js';
import { toId } from '../../core/schemas/params.js';
import { ConversationNotFoundError, assignConversation, mayManage, mayRead } from '../../domain/conversations/index.js';
import { ChannelNotFoundError, adminOnly } from '../../domain/operators/index.js';
import { NotSupervisedError, maySupervise, snapshot } from './supervision-service.js';
import type { SupervisionStore } from './supervision-store.js';

class OperatorNotFoundError extends RpcError {
  constructor() {
    super('This operator does not exist', 'missing_error', undefined, 'livechat.MissingError');
  }
}

/** The conversation is closed, already the caller's, or moved on before the take landed. */
class NotTakenError extends RpcError {
  constructor(message: string) {
    super(message, 'user_error');
  }
}

/**
 * Supervision (issue 26), same-origin with the operator's session cookie (protocol/console/supervision.ts):
 * - `supervised_channels` {} → the channels the caller supervises (every channel for an admin);
 * - `supervision` {channel_id} → SupervisionSnapshot, for the channel's supervisors and admins;
 * - `take_conversation` {session_id} → the conversation is the caller's (assignConversation, reason `taken`),
 *   for an admin or a supervisor of its channel;
 * - admin: `channel_roles` {channel_id} → ChannelMember[]; `set_channel_role` {channel_id, operator_id,
 *   role} → the channel's members after the change (`none` takes the operator out of the channel).
 * Limits are per operator (SUPERVISION_LIMITS).
 */
export async function supervisionRoutes(app: FastifyInstance, opts: { store: SupervisionStore }): Promise<void> {
  const authorize = (request: FastifyRequest) => app.requireOperator(request);
  const requireAdmin = adminOnly(app);
  const take = (key: string, operatorId: number, max: number) => app.limits.take(`supervision:${key}:${operatorId}`, max, 60_000);

  app.rpc(SUPERVISED_CHANNELS_ROUTE, { summary: 'The channels the caller supervises', params: NoParams, result: SupervisedChannelsSchema, authorize }, async (_params, request) => {
    const operator = await app.requireOperator(request);
    await take('read', operator.id, SUPERVISION_LIMITS.readsPerMinute);
    const channels = await app.store.listChannels();
    const supervised = new Set(operator.is_admin ? channels.map((c) => c.id) : await app.store.roles.supervisedChannelIds(operator.id));
    return channels.filter((c) => supervised.has(c.id)).map((c) => ({ id: c.id, name: c.name }));
  });

  app.rpc(SUPERVISION_ROUTE, { summary: 'A channel’s live conversations and its operators’ load', params: OnChannelParams, result: SupervisionSnapshotSchema, authorize }, async (params, request) => {
    const operator = await app.requireOperator(request);
    await take('read', operator.id, SUPERVISION_LIMITS.readsPerMinute);
    const channelId = toId(params.channel_id);
    if (!(await maySupervise(app, operator, channelId))) throw new NotSupervisedError();
    if (!(await app.store.getChannel(channelId))) throw new ChannelNotFoundError();
    return snapshot(app, opts.store, channelId);
  });

  app.rpc(
    TAKE_CONVERSATION_ROUTE,
    { summary: 'Takes a conversation of a supervised channel for oneself', params: OnSessionParams, result: Type.Object({ session_id: Type.Integer(), operator_id: Type.Integer() }), authorize },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      await take('take', operator.id, SUPERVISION_LIMITS.takesPerMinute);
      const session = await app.store.getVisitorSession(toId(params.session_id));
      if (!session || !(await mayRead(app.store, operator, session))) throw new ConversationNotFoundError();
      if (!(await mayManage(app.store, operator, session))) throw new NotSupervisedError();
      if (session.operator_id === operator.id) throw new NotTakenError('This conversation is already yours');
      if (session.closed_at !== null) throw new NotTakenError('This conversation is closed');
      const moved = await assignConversation(app, session, operator, { reason: 'taken', byOperatorId: operator.id });
      if (!moved) throw new NotTakenError('This conversation moved or closed meanwhile');
      return { session_id: moved.id, operator_id: operator.id };
    },
  );

  const membersOf = (channelId: number): Promise<ChannelMember[]> => app.store.roles.members(channelId);

  app.rpc(CHANNEL_ROLES_ROUTE, { summary: 'A channel’s members and their roles', params: OnChannelParams, result: ChannelMembersSchema, authorize: requireAdmin }, async (params, request) => {
    const admin = await requireAdmin(request);
    await take('read', admin.id, SUPERVISION_LIMITS.readsPerMinute);
    const channelId = toId(params.channel_id);
    if (!(await app.store.getChannel(channelId))) throw new ChannelNotFoundError();
    return membersOf(channelId);
  });

  app.rpc(
    SET_CHANNEL_ROLE_ROUTE,
    { summary: 'Makes an operator a channel’s operator or supervisor, or takes it out', params: SetChannelRoleParams, result: ChannelMembersSchema, authorize: requireAdmin },
    async (params, request) => {
      const admin = await requireAdmin(request);
      await take('role', admin.id, SUPERVISION_LIMITS.roleChangesPerMinute);
      const channelId = toId(params.channel_id);
      if (!(await app.store.getChannel(channelId))) throw new ChannelNotFoundError();
      const target = await app.store.getOperator(toId(params.operator_id));
      if (!target || target.archived_at !== null) throw new OperatorNotFoundError();
      if (params.role === 'none') await app.store.removeChannelOperator(channelId, target.id);
      else await app.store.roles.setRole(channelId, target.id, params.role);
      // Who answers the channel may have changed: init must not answer from before.
      app.availability.forget();
      return membersOf(channelId);
    },
  );
}
