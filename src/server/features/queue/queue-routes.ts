import Type from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QUEUE_ROUTE, QUEUE_TAKE_ROUTE } from '../../../protocol/console/queue-routes.js';
import { QUEUE_LEAVE_ROUTE, type QueueEntry } from '../../../protocol/queue.js';
import { QueueEntrySchema, QueueTakeParams } from '../../../protocol/schemas/queue.js';
import { NoParams } from '../../../protocol/schemas/console-params.js';
import { visitorLabel } from '../../../protocol/visitor-label.js';
import { RpcError } from '../../core/rpc/errors.js';
import { SessionUuid, toId } from '../../core/schemas/params.js';
import { isQueuedChat } from '../../core/db/tables.js';
import { ConversationNotFoundError, closeConversation, openConversation } from '../../domain/conversations/index.js';
import type { QueueService } from './queue-service.js';
import type { KyselyQueueStore } from './queue-store.js';

/** Another operator (or the queue itself) took it first. */
export class AlreadyTakenError extends RpcError {
  constructor() {
    super('Someone else took this conversation first', 'user_error', undefined, 'livechat.AlreadyTaken');
  }
}

/**
 * The console's queue (issue 26):
 * - `queue` → QueueEntry[]: the waiting conversations of the operator's channels, each queue head first;
 * - `queue_take` {session_id} or {channel_id} → {session_id}: the operator takes a chosen waiting
 *   conversation, or the head of one of its channels' queues, whatever their load (an explicit choice). * - `queue_leave` {uuid} → boolean, for the waiting visitor: ends their waiting conversation.
 */
export async function queueRoutes(app: FastifyInstance, opts: { store: KyselyQueueStore; service: QueueService }): Promise<void> {
  const { store, service } = opts;
  leaveRoute(app);
  const authorize = (request: FastifyRequest) => app.requireOperator(request);
  const perMinute = app.config.rateLimits.queue;
  const config = { rateLimit: { max: perMinute, timeWindow: 60_000 } };

  app.rpc(QUEUE_ROUTE, { summary: 'The conversations waiting in the queues of the operator’s channels', params: NoParams, result: Type.Array(QueueEntrySchema), authorize, config }, async (_params, request) => {
    const operator = await app.requireOperator(request);
    const waiting = await store.waiting(await app.store.operatorChannelIds(operator.id));
    const position = new Map<number, number>();
    return waiting.map((w): QueueEntry => {
      const place = (position.get(w.channel_id) ?? 0) + 1;
      position.set(w.channel_id, place);
      return { session_id: w.session_id, channel_id: w.channel_id, name: visitorLabel({ id: w.session_id, anonymous_name: w.anonymous_name, name_given: w.name_given }), position: place, queued_at: w.queued_at };
    });
  });

  app.rpc(
    QUEUE_TAKE_ROUTE,
    { summary: 'Takes a waiting conversation: the one named, or the head of a channel’s queue', params: QueueTakeParams, result: Type.Object({ session_id: Type.Integer() }), authorize, config },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      await app.limits.take(`operator:queue-take:${operator.id}`, perMinute, 60_000);
      if ((params.session_id === undefined) === (params.channel_id === undefined)) throw new RpcError('Name either session_id or channel_id', 'validation_error');
      const sessionId = await chosen(app, store, params, await app.store.operatorChannelIds(operator.id));
      if (!(await service.handOut(sessionId, operator, 'taken', operator.id))) throw new AlreadyTakenError();
      const session = await app.store.getVisitorSession(sessionId);
      if (session) await service.queueMoved(session.channel_id);
      return { session_id: sessionId };
    },
  );
}

/**
 * The waiting visitor leaves the queue: the conversation ends as an operator's close ends it, so the
 * `conversation.closed` handler removes the entry and tells everyone behind their new place. False (and
 * nothing done) for a conversation not waiting: unknown, closed, or already taken by an operator.
 */
function leaveRoute(app: FastifyInstance): void {
  app.visitorRpc(
    QUEUE_LEAVE_ROUTE,
    {
      summary: 'The waiting visitor leaves the queue, which ends the waiting conversation',
      params: Type.Object({ uuid: SessionUuid() }),
      result: Type.Boolean(),
      // Leaving is the counterpart of opening a chat: it shares get_session's allowance.
      config: { rateLimit: { max: app.config.rateLimits.getSession, timeWindow: 60_000 } },
    },
    async (params) => {
      const session = await openConversation(app, params.uuid);
      if (!session || !isQueuedChat(session)) return false;
      await closeConversation(app, session, null);
      return true;
    },
  );
}

/** The conversation a take names: the one given, if waiting in one of the operator's channels, or the head of the channel given. */
async function chosen(app: FastifyInstance, store: KyselyQueueStore, params: QueueTakeParams, mine: number[]): Promise<number> {
  if (params.session_id !== undefined) {
    const session = await app.store.getVisitorSession(toId(params.session_id));
    if (!session || !mine.includes(session.channel_id)) throw new ConversationNotFoundError();
    if (session.closed_at !== null || !isQueuedChat(session)) throw new AlreadyTakenError();
    return session.id;
  }
  const channelId = toId(params.channel_id ?? 0);
  if (!mine.includes(channelId)) throw new RpcError('This channel is not yours', 'access_error', undefined, 'livechat.AccessError');
  const head = (await store.waiting([channelId], 1))[0];
  if (!head) throw new RpcError('Nobody is waiting', 'user_error', undefined, 'livechat.QueueEmpty');
  return head.session_id;
}
