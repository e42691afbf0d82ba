import type { FastifyInstance } from 'fastify';
import { BusChannel } from '../../protocol/livechat.js';
import { RpcError } from '../plugins/jsonrpc.js';
import type { OperatorRow, VisitorSessionRow } from '../store/schema.js';
import { intParam } from '../livechat/params.js';

class SessionNotFoundError extends RpcError {
  constructor() {
    super('This conversation does not exist or is not yours', 'missing_error', undefined, 'livechat.MissingError');
  }
}

/** The session if this operator may act on it (its operator, a member of its channel, or an admin). */
async function sessionForOperator(app: FastifyInstance, operator: OperatorRow, sessionId: number): Promise<VisitorSessionRow> {
  const session = await app.store.getVisitorSession(sessionId);
  if (!session) throw new SessionNotFoundError();
  if (operator.is_admin || session.operator_id === operator.id) return session;
  if ((await app.store.channelOperatorIds(session.channel_id)).includes(operator.id)) return session;
  throw new SessionNotFoundError();
}

/**
 * Console-only actions on a conversation, same-origin with the operator's session cookie:
 * - `/im_livechat/operator/close_session` {session_id} → true; publishes `{info: "session_closed", uuid}`
 *   to the visitor (idempotent: closing twice publishes once).
 * - `/im_livechat/operator/request_history` {session_id} → true; publishes `{_type: "history_command"}`
 *   to the visitor, whose widget answers with `/im_livechat/history`.
 */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  app.rpc('/im_livechat/operator/close_session', async (params, request) => {
    const operator = await app.requireOperator(request);
    const session = await sessionForOperator(app, operator, intParam(params, 'session_id'));
    if (session.closed_at !== null) return true;
    await app.store.closeVisitorSession(session.id, app.clock.now());
    // The uuid is the visitor's credential: only the visitor's own channel carries it, never one operators read.
    await app.bus.publish([BusChannel.visitor(session.uuid)], { info: 'session_closed', uuid: session.uuid });
    await app.bus.publish([BusChannel.session(session.id)], { info: 'session_closed', session_id: session.id });
    return true;
  });

  app.rpc('/im_livechat/operator/request_history', async (params, request) => {
    const operator = await app.requireOperator(request);
    const session = await sessionForOperator(app, operator, intParam(params, 'session_id'));
    if (session.closed_at !== null) throw new RpcError('This conversation is closed', 'user_error');
    if (session.origin === 'offline') throw new RpcError('An offline message has no visitor online to ask', 'user_error');
    await app.bus.publish([BusChannel.visitor(session.uuid)], { _type: 'history_command' });
    return true;
  });
}
