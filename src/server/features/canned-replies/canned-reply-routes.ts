import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import {
  CANNED_REPLIES_ROUTE,
  CANNED_REPLY_VALUES_ROUTE,
  CREATE_CANNED_REPLY_ROUTE,
  DELETE_CANNED_REPLY_ROUTE,
  UPDATE_CANNED_REPLY_ROUTE,
  type CannedReplyValues,
} from '../../../protocol/canned-replies.js';
import {
  CannedReplyListSchema,
  CannedReplySchema,
  CannedReplyValuesSchema,
  CreateCannedReplyParams,
  OnCannedReplyParams,
  UpdateCannedReplyParams,
} from '../../../protocol/schemas/canned-replies.js';
import { NoParams, SessionParams } from '../../../protocol/schemas/console-params.js';
import { toId } from '../../core/schemas/params.js';
import { ConversationNotFoundError, mayRead } from '../../domain/conversations/index.js';
import { KyselyCannedReplyStore } from './canned-reply-store.js';
import { CannedReplyService } from './canned-reply-service.js';

/** Calls of these routes an address may make a minute. */
export const CANNED_CALLS_PER_MINUTE = 120;
/** Replies an operator may add, change or remove a minute. */
export const CANNED_CHANGES_PER_MINUTE = 30;

/**
 * Canned replies under `/im_livechat/operator/` (protocol/canned-replies.ts), for logged-in operators:
 * - `canned_replies` {} → the caller's own replies and its channels' shared ones;
 * - `create_canned_reply`, `update_canned_reply`, `delete_canned_reply`: its own, or as an administrator a
 *   channel's shared ones; an unknown variable in the text is refused, naming it;
 * - `canned_reply_values` {session_id} → what the variables hold in a conversation the caller may read.
 */
export async function cannedReplyRoutes(app: FastifyInstance): Promise<void> {
  const service = new CannedReplyService(new KyselyCannedReplyStore(app.database.db), app.store);
  const authorize = (request: FastifyRequest) => app.requireOperator(request);
  const config = { rateLimit: { max: CANNED_CALLS_PER_MINUTE, timeWindow: 60_000 } };
  /** The caller, charged one change against its own per-minute quota. */
  const changer = async (request: FastifyRequest) => {
    const operator = await app.requireOperator(request);
    await app.limits.take(`operator:canned:${operator.id}`, CANNED_CHANGES_PER_MINUTE, 60_000);
    return operator;
  };

  app.rpc(
    CANNED_REPLIES_ROUTE,
    { summary: 'The operator’s own canned replies and its channels’ shared ones', params: NoParams, result: CannedReplyListSchema, authorize, config },
    async (_params, request) => service.list(await app.requireOperator(request)),
  );

  app.rpc(
    CREATE_CANNED_REPLY_ROUTE,
    { summary: 'Adds a personal canned reply, or as an administrator a channel’s shared one', params: CreateCannedReplyParams, result: CannedReplySchema, authorize, config },
    async (params, request) => {
      const operator = await changer(request);
      const channelId = params.channel_id === undefined || params.channel_id === null || params.channel_id === false || params.channel_id === '' ? undefined : toId(params.channel_id);
      const scope = await service.scopeFor(operator, channelId);
      return service.create(operator, scope, params.shortcut, params.text, app.clock.now());
    },
  );

  app.rpc(
    UPDATE_CANNED_REPLY_ROUTE,
    { summary: 'Changes a canned reply the operator may edit', params: UpdateCannedReplyParams, result: CannedReplySchema, authorize, config },
    async (params, request) => {
      const operator = await changer(request);
      const row = await service.editable(operator, toId(params.reply_id));
      return service.update(operator, row, params.shortcut, params.text, app.clock.now());
    },
  );

  app.rpc(
    DELETE_CANNED_REPLY_ROUTE,
    { summary: 'Removes a canned reply the operator may edit', params: OnCannedReplyParams, result: Type.Literal(true), authorize, config },
    async (params, request) => {
      const operator = await changer(request);
      await service.remove(await service.editable(operator, toId(params.reply_id)));
      return true as const;
    },
  );

  app.rpc(
    CANNED_REPLY_VALUES_ROUTE,
    { summary: 'What canned replies’ variables hold in a conversation', params: SessionParams, result: CannedReplyValuesSchema, authorize, config },
    async (params, request): Promise<CannedReplyValues> => {
      const operator = await app.requireOperator(request);
      const session = await app.store.getVisitorSession(toId(params.session_id));
      if (!session || !(await mayRead(app.store, operator, session))) throw new ConversationNotFoundError();
      const channel = await app.store.getChannel(session.channel_id);
      return {
        // The widget's default name is no name: the fallback (or nothing) reads better than "Visitor".
        'visitor.name': session.name_given === 1 ? session.anonymous_name : null,
        'visitor.email': session.email,
        'operator.name': operator.display_name,
        'channel.name': channel?.name ?? null,
      };
    },
  );
}
