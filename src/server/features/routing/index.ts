import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../core/periodic.js';
import { ReassignService } from './reassign-service.js';
import { RoutingStore } from './routing-store.js';
import { routingRoutes } from './routing-routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Routing (issue 26): `reassignDue()` moves the unanswered conversations whose delay ran out (the sweep's run; tests). */
    conversationRouting: { reassignDue(): Promise<number> };
  }
}

/** How often unanswered conversations are looked for: the delay is at least 10 s, so a move comes at most this late. */
export const REASSIGN_SWEEP_MS = 5_000;

/**
 * Routing and capacity (issue 26): the operators' languages and per-channel capacities (admin and own
 * profile routes), and the sweep that moves a conversation nobody answered within the channel's delay to
 * the next operator. Hand-overs made elsewhere (transfers, the queue) are recorded from
 * `conversation.assigned`, so their receiver gets a full delay and is not chosen again.
 */
export const routingFeature = fp(
  async (app: FastifyInstance) => {
    const store = new RoutingStore(app.database.db);
    const reassign = new ReassignService(app, store);
    app.decorate('conversationRouting', { reassignDue: () => reassign.reassignDue() });
    await app.register(routingRoutes, { store });
    app.events.on('conversation.assigned', async ({ sessionId, fromOperatorId, toOperatorId, reason }) => {
      // The sweep records its own moves before making them.
      if (reason === 'reassigned') return;
      const session = await app.store.getVisitorSession(sessionId);
      if (!session) return;
      if (fromOperatorId !== null) await store.claim(sessionId, fromOperatorId, session.created_at);
      await store.record(sessionId, toOperatorId, app.clock.now());
    });
    runPeriodically(app, {
      name: 'reassign sweep',
      everyMs: REASSIGN_SWEEP_MS,
      run: async () => {
        await reassign.reassignDue();
      },
    });
  },
  { name: 'routing-feature' },
);
