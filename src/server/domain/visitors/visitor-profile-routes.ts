import Type, { type Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { EARLIER_CONVERSATIONS_MAX, EARLIER_MESSAGES_MAX, type IdentityKind, type VisitorIdentityAnswer } from '../../../protocol/visitor.js';
import type { ServerConfig } from '../../core/config/config.js';
import type { VisitorSessionRow } from '../../core/db/tables.js';
import type { VisitorPatch } from './visitor-store.js';
import { messageToWire } from '../conversations/format.js';
import { urlsFor } from '../../core/http/urls.js';
import { SessionUuid } from '../../core/schemas/params.js';
import { EarlierConversationSchema, VisitorIdentityAnswerSchema, VisitorParamProperties } from './visitor-schemas.js';
import { takeSessionQuota } from './visitor-limits.js';
import { IdentityConflictError } from './identity.js';
import { identityAnswer, identityKindOf, provenFields, verifiedIdentity, visitorClaims, visitorPatch } from './visitor-claims.js';
import { announceVisitorUpdate } from './visitor-session.js';
import { openSession, sessionByUuid } from '../conversations/conversations.js';
import { EARLIER_CONVERSATIONS_ROUTE, VISITOR_UPDATE_ROUTE } from '../../../protocol/routes.js';

const TRUST: Record<IdentityKind, number> = { anonymous: 0, unverified: 1, verified: 2 };

/** The more trusted of two identities: an update says more about the visitor, never less. */
function atLeast(current: IdentityKind, next: IdentityKind): IdentityKind {
  return TRUST[next] > TRUST[current] ? next : current;
}

/**
 * The visitor's own profile calls (issue 14), CORS for ALLOWED_ORIGINS like every visitor route:
 * - `/im_livechat/visitor_update` {uuid, visitor_id?, visitor_hash?, visitor_token?, visitor_name?,
 *   visitor_email?, context?, time_zone?, language?} → `{identity, visitor_id?}`, or `false` for an
 *   unknown or closed session. A field left out stays as it is; `null` clears the e-mail address or the
 *   context. An identity only grows (anonymous, unverified, verified); a session verified for one id
 *   refuses another's (`livechat.IdentityConflict`); a wrong hash or token is refused
 *   (`livechat.IdentityRejected`); a name or address a token verified changes only by another token.
 * - `/im_livechat/earlier_conversations` {uuid} → EarlierConversation[]: the verified visitor's earlier
 *   conversations in the channel (at most 10, newest first, each with its newest 30 messages); `[]` for
 *   anyone else.
 */
export async function visitorProfileRoutes(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

  app.visitorRpc(
    VISITOR_UPDATE_ROUTE,
    {
      summary: 'What the host page now says about the visitor of an open conversation; false for an unknown or closed one',
      params: Type.Object({ uuid: SessionUuid(), ...VisitorParamProperties }),
      result: Type.Union([VisitorIdentityAnswerSchema, Type.Literal(false)]),
      config: perMinute(opts.config.rateLimits.visitorUpdate),
    },
    async (params, request) => {
      const claims = visitorClaims(params);
      const session = await openSession(app, params.uuid);
      if (!session) return false;
      await takeSessionQuota(app, 'visitorUpdate', session.id);
      const verified = await verifiedIdentity(app.store, session.channel_id, claims, app.clock.now());
      if (verified !== undefined && session.identity === 'verified' && verified.id !== session.visitor_id) throw new IdentityConflictError();
      // What a token verified stays: the visitor's own word changes only the fields no token vouched for.
      const fields = provenFields(claims, verified, session);
      const patch: VisitorPatch = { ...visitorPatch(claims, request, false), ...fields.patch };
      if (fields.name !== undefined) {
        const operator = await app.store.getOperator(session.operator_id);
        patch.anonymous_name = fields.name;
        patch.name_given = 1;
        patch.name = `${fields.name} ${operator?.display_name ?? ''}`.trim();
      }
      if (verified !== undefined) patch.visitor_id = verified.id;
      patch.identity = atLeast(session.identity, identityKindOf(verified, fields));
      await app.store.visitors.updateVisitor(session.id, patch);
      const updated = { ...session, ...patch } as VisitorSessionRow;
      await announceVisitorUpdate(app, updated);
      const answer: VisitorIdentityAnswer = identityAnswer(updated);
      return answer;
    },
  );

  app.visitorRpc(
    EARLIER_CONVERSATIONS_ROUTE,
    {
      summary: 'A verified visitor’s earlier conversations in the channel, newest first; [] for anyone else',
      params: Type.Object({ uuid: SessionUuid() }),
      result: Type.Array(EarlierConversationSchema),
      config: perMinute(opts.config.rateLimits.earlierConversations),
    },
    async (params, request) => {
      // The current conversation may have ended: its visitor still reads what came before it.
      const session = await sessionByUuid(app, params.uuid);
      if (!session || session.identity !== 'verified' || session.visitor_id === null) return [];
      const urls = urlsFor(request);
      const earlier = await app.store.visitors.earlierSessionsOf(session.channel_id, session.visitor_id, session.id, EARLIER_CONVERSATIONS_MAX);
      const out: Static<typeof EarlierConversationSchema>[] = [];
      for (const past of earlier) {
        const messages = await app.store.listMessages(past.id, EARLIER_MESSAGES_MAX);
        out.push({ id: past.id, created_at: past.created_at, closed_at: past.closed_at, messages: messages.map((m) => messageToWire(m, past, urls)).reverse() });
      }
      return out;
    },
  );
}
