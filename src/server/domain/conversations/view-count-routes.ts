import type { FastifyInstance } from 'fastify';
import { NoParams } from '../../../protocol/schemas/console-params.js';
import { ViewCountsSchema } from '../../../protocol/schemas/console.js';
import { VIEW_COUNTS_ROUTE } from '../../../protocol/console/status-routes.js';
import type { ViewCounts } from '../../../protocol/conversation-status.js';

/**
 * `view_counts` {} → ViewCounts (protocol/conversation-status.ts): how many open conversations each of the
 * list's views holds (an expired snooze counts as open), `all` for admins only. The console reads it again
 * when its list changes, so the tabs' counts follow live.
 */
export async function viewCountRoutes(app: FastifyInstance): Promise<void> {
  app.rpc(
    VIEW_COUNTS_ROUTE,
    { summary: 'How many open conversations each list view holds', params: NoParams, result: ViewCountsSchema, authorize: (request) => app.requireOperator(request) },
    async (_params, request): Promise<ViewCounts> => {
      const operator = await app.requireOperator(request);
      const now = app.clock.now();
      const count = (view: 'mine' | 'unassigned' | 'all') => app.store.conversations.countOpen({ view, operator }, now);
      return { mine: await count('mine'), unassigned: await count('unassigned'), all: operator.is_admin ? await count('all') : null };
    },
  );
}
