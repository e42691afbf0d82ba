import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../core/config/config.js';
import { NoParams } from '../../../protocol/schemas/console-params.js';
import { SearchFilterOptionsSchema, SearchParams, SearchResultSchema } from '../../../protocol/schemas/search.js';
import { SEARCH_FILTERS_ROUTE, SEARCH_ROUTE } from '../../../protocol/console/search.js';
import { SearchStore } from './search-store.js';
import { SearchService } from './search-service.js';

/**
 * Console search, under `/im_livechat/operator/` (protocol/console/search.ts), for logged-in operators only
 * (a visitor's uuid opens nothing here):
 * - `search` {query, filters…, limit?, cursor?} → a page of hits from the conversations the operator may
 *   read (domain/conversations' one rule), newest first;
 * - `search_filters` {} → the channels, operators and tags it may filter by.
 * Both count against `RATE_LIMIT_SEARCH` per address; searches also per operator, so one operator behind
 * a shared address cannot spend its colleagues' allowance, nor many addresses widen one operator's.
 */
export async function searchRoutes(app: FastifyInstance, opts: { config: Pick<ServerConfig, 'rateLimits'> }): Promise<void> {
  const service = new SearchService(app, new SearchStore(app.database.db, app.database.engine));
  const perMinute = opts.config.rateLimits.search;
  const authorize = (request: FastifyRequest) => app.requireOperator(request);
  const config = { rateLimit: { max: perMinute, timeWindow: 60_000 } };

  app.rpc(
    SEARCH_ROUTE,
    { summary: 'Finds words in the conversations the operator may read: messages, notes, visitors, tags', params: SearchParams, result: SearchResultSchema, authorize, config },
    async (params, request) => {
      const operator = await app.requireOperator(request);
      await app.limits.take(`search:operator:${operator.id}`, perMinute, 60_000);
      return service.search(operator, params);
    },
  );

  app.rpc(SEARCH_FILTERS_ROUTE, { summary: 'The channels, operators and tags the operator may filter searches by', params: NoParams, result: SearchFilterOptionsSchema, authorize, config }, async (_params, request) =>
    service.filterOptions(await app.requireOperator(request)),
  );
}
