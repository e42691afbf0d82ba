import type { FastifyInstance } from 'fastify';
import type { VisitorCard } from '../../../protocol/visitor.js';
import { visitorLabel } from '../../../protocol/visitor-label.js';
import type { ServerConfig } from '../../core/config/config.js';
import type { VisitorSessionRow } from '../../core/db/tables.js';
import { toId } from '../../core/schemas/params.js';
import { SessionParams } from '../../../protocol/schemas/console-params.js';
import { VisitorCardSchema } from '../../../protocol/schemas/console.js';
import { softwareOf } from '../../domain/visitors/index.js';
import { ConversationNotFoundError, mayRead, parsePages } from '../../domain/conversations/index.js';
import { VISITOR_CARD_ROUTE } from '../../../protocol/console/routes.js';

/** The stored context pairs; anything else in the column (it never should be) reads as none. */
function contextOf(raw: string | null): [string, string][] {
  if (raw === null) return [];
  try {
    const pairs: unknown = JSON.parse(raw);
    if (!Array.isArray(pairs)) return [];
    return pairs.filter((p): p is [string, string] => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && typeof p[1] === 'string');
  } catch {
    return [];
  }
}

async function cardOf(app: FastifyInstance, session: VisitorSessionRow): Promise<VisitorCard> {
  return {
    session_id: session.id,
    name: visitorLabel(session),
    name_verified: session.name_verified === 1,
    email: session.email,
    email_verified: session.email !== null && session.email_verified === 1,
    identity: session.identity,
    visitor_id: session.identity === 'verified' ? session.visitor_id : null,
    context: contextOf(session.context),
    pages: parsePages(session.page_history) ?? [],
    ...softwareOf(session.user_agent),
    language: session.language,
    time_zone: session.time_zone,
    earlier_conversations: await app.store.visitors.countEarlierSessions(session),
  };
}

/**
 * The console's visitor card (issue 14): `visitor_card` (protocol/console/routes.ts) {session_id} → VisitorCard,
 * for whoever may read the conversation (as `/im_livechat/operator/conversation`). The
 * browser and system are read from the stored User-Agent here, on the server, when the card is asked for.
 */
export async function operatorVisitorCardRoutes(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  app.rpc(
    VISITOR_CARD_ROUTE,
    {
      summary: 'What is known of a conversation’s visitor, for whoever may read the conversation',
      params: SessionParams,
      result: VisitorCardSchema,
      authorize: (request) => app.requireOperator(request),
      config: { rateLimit: { max: opts.config.rateLimits.visitorCard, timeWindow: 60_000 } },
    },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      const session = await app.store.getVisitorSession(toId(params.session_id));
      if (!session || !(await mayRead(app.store, operator, session))) throw new ConversationNotFoundError();
      return cardOf(app, session);
    },
  );
}
