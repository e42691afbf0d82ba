import type { FastifyInstance } from 'fastify';
import { REPORTS_OVERVIEW_ROUTE, type ReportsOverview } from '../../../protocol/console/reports.js';
import { ReportsOverviewParams, ReportsOverviewSchema } from '../../../protocol/schemas/reports.js';
import { figuresOf } from './overview.js';
import { periodSums } from './report-store.js';
import { reportQuery, reportRouteConfig } from './report-scope.js';

export { ReportAccessError } from './report-scope.js';

/** `reports/overview`: the figures of a period and of the period before it (issue 27). */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  app.rpc(
    REPORTS_OVERVIEW_ROUTE,
    {
      summary: 'Conversations, missed, response, reply and resolution times, satisfaction: a period and the one before',
      params: ReportsOverviewParams,
      result: ReportsOverviewSchema,
      authorize: (r) => app.requireOperator(r),
      config: reportRouteConfig(app),
    },
    async (params, request): Promise<ReportsOverview> => {
      const operator = await app.requireOperator(request);
      const { scope, channelIds, operatorId, basis, current, previous, timeZones } = await reportQuery(app, operator, params);
      const read = async (range: { from: string; to: string }) =>
        figuresOf(range, await periodSums(app.database.db, { channelIds, ...range, basis, ...(operatorId !== undefined ? { operatorId } : {}) }));
      return { scope, basis, channel_ids: channelIds, time_zones: timeZones, current: await read(current), previous: await read(previous) };
    },
  );
}
