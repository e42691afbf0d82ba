import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import { CONVERSATION_STATUSES, SNOOZE_MAX_MS, type ConversationStatus } from '../../../protocol/conversation-status.js';
import { SET_STATUS_ROUTE } from '../../../protocol/console/status-routes.js';
import { SetStatusParams } from '../../../protocol/schemas/console-params.js';
import { RpcError } from '../../core/rpc/errors.js';
import { toId } from '../../core/schemas/params.js';
import { ConversationNotFoundError, closeConversation, mayRead } from '../../domain/conversations/index.js';
import { publishStatus } from './status-service.js';
import type { KyselyStatusStore } from './status-store.js';

/** Status changes an operator may make a minute. */
export const STATUS_CHANGES_PER_MINUTE = 120;

/** What `set_status` answers: the conversation's status as stored. */
export const StatusAnswerSchema = Type.Object({
  session_id: Type.Integer(),
  status: Type.Enum([...CONVERSATION_STATUSES]),
  snoozed_until: Type.Union([Type.Integer({ description: 'Epoch milliseconds' }), Type.Null()]),
});

/** The snooze's end when `status` is snoozed (after now, at most a year ahead), else null; a wrong one is refused. */
function snoozeEnd(status: ConversationStatus, until: number | null | undefined, now: number): number | null {
  if (status !== 'snoozed') {
    if (until !== undefined && until !== null) throw new RpcError('snoozed_until goes with the status "snoozed" only', 'validation_error');
    return null;
  }
  if (until === undefined || until === null) throw new RpcError('Snoozing needs a time (snoozed_until)', 'validation_error');
  if (until <= now) throw new RpcError('The snooze must end in the future', 'validation_error');
  if (until > now + SNOOZE_MAX_MS) throw new RpcError('A conversation may be snoozed for a year at most', 'validation_error');
  return until;
}

/**
 * `set_status` {session_id, status, snoozed_until?} → the status as stored, for whoever may read the
 * conversation. `resolved` closes it as "Close conversation" does (the visitor's widget ends the chat,
 * SPEC.md §4); a closed conversation keeps its end. Every change reaches the operators on the bus.
 */
export async function statusRoutes(app: FastifyInstance, opts: { store: KyselyStatusStore }): Promise<void> {
  app.rpc(
    SET_STATUS_ROUTE,
    {
      summary: 'Sets a conversation’s status: open, waiting for the visitor, snoozed until a time, or resolved (closed)',
      params: SetStatusParams,
      result: StatusAnswerSchema,
      authorize: (request) => app.requireOperator(request),
    },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      await app.limits.take(`operator:status:${operator.id}`, STATUS_CHANGES_PER_MINUTE, 60_000);
      const session = await app.store.getVisitorSession(toId(params.session_id));
      if (!session || !(await mayRead(app.store, operator, session))) throw new ConversationNotFoundError();
      const until = snoozeEnd(params.status, params.snoozed_until, app.clock.now());
      if (params.status === 'resolved') {
        await closeConversation(app, session, operator.id);
        return { session_id: session.id, status: 'resolved' as const, snoozed_until: null };
      }
      if (!(await opts.store.set(session.id, params.status, until))) throw new RpcError('This conversation is closed', 'user_error');
      await publishStatus(app, session, params.status, until);
      return { session_id: session.id, status: params.status, snoozed_until: until };
    },
  );
}
