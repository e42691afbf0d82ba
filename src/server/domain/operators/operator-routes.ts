import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import { BusChannel } from '../../../protocol/livechat.js';
import { RpcError } from '../../core/rpc/errors.js';
import type { OperatorRow, VisitorSessionRow } from '../../core/db/tables.js';
import { ConversationNotFoundError, mayRead } from '../conversations/conversation-access-store.js';
import { closeConversation } from '../conversations/conversations.js';
import { toId } from '../../core/schemas/params.js';
import { OnSessionParams as OnSession } from '../../../protocol/schemas/console-params.js';
import { CLOSE_SESSION_ROUTE, REQUEST_HISTORY_ROUTE } from '../../../protocol/console/routes.js';

/** The session if this operator may read it (conversation-access-store.ts), else as if it did not exist. */
async function sessionForOperator(app: FastifyInstance, operator: OperatorRow, sessionId: number): Promise<VisitorSessionRow> {
  const session = await app.store.getVisitorSession(sessionId);
  if (!session || !(await mayRead(app.store, operator, session))) throw new ConversationNotFoundError();
  return session;
}

/**
 * Console-only actions on a conversation, same-origin with the operator's session cookie
 * (protocol/console/routes.ts):
 * - `close_session` {session_id} → true; publishes `{info: "session_closed", uuid}` to the visitor
 *   (idempotent: closing twice publishes once).
 * - `request_history` {session_id} → true; publishes `{_type: "history_command"}` to the visitor, whose
 *   widget answers with `/im_livechat/history`.
 */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const authorize = (request: Parameters<typeof app.requireOperator>[0]) => app.requireOperator(request);

  app.rpc(
    CLOSE_SESSION_ROUTE,
    { summary: 'Closes a conversation (the visitor is told)', params: OnSession, result: Type.Literal(true), authorize },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      const session = await sessionForOperator(app, operator, toId(params.session_id));
      await closeConversation(app, session, operator.id);
      return true as const;
    },
  );

  app.rpc(
    REQUEST_HISTORY_ROUTE,
    { summary: 'Asks the visitor’s widget for the pages it saw', params: OnSession, result: Type.Literal(true), authorize },
    async (params, request) => {
      const session = await sessionForOperator(app, await app.requireOperator(request), toId(params.session_id));
      if (session.closed_at !== null) throw new RpcError('This conversation is closed', 'user_error');
      if (session.origin === 'offline') throw new RpcError('An offline message has no visitor online to ask', 'user_error');
      await app.bus.publish([BusChannel.visitor(session.uuid)], { _type: 'history_command' });
      return true as const;
    },
  );
}
