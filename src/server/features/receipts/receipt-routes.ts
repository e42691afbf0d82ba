import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import { BusChannel, type ChannelSeenPayload } from '../../../protocol/livechat.js';
import type { ServerConfig } from '../../core/config/config.js';
import { ConversationNotFoundError, mayRead, readsForVisitor } from '../../domain/conversations/index.js';
import { toId } from '../../core/schemas/params.js';
import { MarkSeenParams } from '../../../protocol/schemas/console-params.js';
import { MARK_SEEN_ROUTE } from '../../../protocol/console/routes.js';

/**
 * Read receipts (issue 15): `mark_seen` (protocol/console/routes.ts) {session_id, message_id} → true when the
 * conversation's read marker moved forward to that message (one of the conversation's), false when it was
 * already there or past it. The console calls it while the operator has the conversation in view; a
 * move is published to the visitor as `{info: "channel_seen", last_message_id}`, and the marker is kept,
 * so the visitor's history shows it after a reload too. Whoever may read the conversation may call it,
 * but only its operator's reading (or, for an offline message, a channel member's) moves the marker: an
 * admin or supervisor looking in gets false, so the visitor never reads "Seen" because of them.
 */
export async function operatorReceiptRoutes(app: FastifyInstance, opts: { config: Pick<ServerConfig, 'rateLimits'> }): Promise<void> {
  app.rpc(
    MARK_SEEN_ROUTE,
    {
      summary: 'Moves the conversation’s read marker forward to a message; false when it was already there',
      params: MarkSeenParams,
      result: Type.Boolean(),
      authorize: (request) => app.requireOperator(request),
      config: { rateLimit: { max: opts.config.rateLimits.markSeen, timeWindow: 60_000 } },
    },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      const session = await app.store.getVisitorSession(toId(params.session_id));
      if (!session || !(await mayRead(app.store, operator, session))) throw new ConversationNotFoundError();
      const messageId = toId(params.message_id);
      if (!(await readsForVisitor(app.store, operator, session))) return false;
      if (!(await app.store.conversations.markOperatorSeen(session.id, messageId))) return false;
      const seen: ChannelSeenPayload = { info: 'channel_seen', last_message_id: messageId };
      await app.bus.publish([BusChannel.visitor(session.uuid)], seen);
      return true;
    },
  );
}
