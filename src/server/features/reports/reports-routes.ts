import type { FastifyInstance } from 'fastify';
import { REPORTS_OVERVIEW_ROUTE, type ReportScope, type ReportsOverview } from '../../../protocol/console/reports.js';
import { ReportsOverviewParams, ReportsOverviewSchema } from '../../../protocol/schemas/reports.js';
import { isTimeZone } from '../../../protocol/business-hours.js';
import type { OperatorRow } from '../../core/db/tables.js';
import { InvalidParamError, RpcError } from '../../core/rpc/errors.js';
import { toId } from '../../core/schemas/params.js';
import { wallTime } from '../../domain/channels/index.js';
import { figuresOf, periodsOf } from './overview.js';
import { periodSums } from './report-store.js';

/** A channel the caller may not read figures of was named. */
export class ReportAccessError extends RpcError {
  constructor() {
    super('You may not see the reports of this channel', 'access_error', undefined, 'livechat.AccessError');
  }
}

/** Whose figures an operator sees (README "Reports"): channels, and only its own figures unless admin or supervisor. */
async function scopeOf(app: FastifyInstance, operator: OperatorRow): Promise<{ scope: ReportScope; channelIds: number[]; operatorId?: number }> {
  if (operator.is_admin) return { scope: 'all', channelIds: (await app.store.listChannels()).map((c) => c.id) };
  const supervised = await app.store.roles.supervisedChannelIds(operator.id);
  if (supervised.length > 0) return { scope: 'supervised', channelIds: supervised };
  return { scope: 'own', channelIds: await app.store.operatorChannelIds(operator.id), operatorId: operator.id };
}

/** `reports/overview`: the figures of a period and of the period before it (issue 27). */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const perMinute = app.config.rateLimits.reports;
  const config = { rateLimit: { max: perMinute, timeWindow: 60_000 } };
  app.rpc(
    REPORTS_OVERVIEW_ROUTE,
    { summary: 'Conversations, missed, response, reply and resolution times, satisfaction: a period and the one before', params: ReportsOverviewParams, result: ReportsOverviewSchema, authorize: (r) => app.requireOperator(r), config },
    async (params, request): Promise<ReportsOverview> => {
      const operator = await app.requireOperator(request);
      await app.limits.take(`operator:reports:${operator.id}`, perMinute, 60_000);
      const zone = params.time_zone ?? 'UTC';
      if (!isTimeZone(zone)) throw new InvalidParamError('The time zone must be an IANA name such as Europe/Paris');
      const periods = periodsOf(params.period, wallTime(app.clock.now(), zone).date, { from: params.from, to: params.to });
      if (!periods) throw new InvalidParamError('A custom period needs from and to (YYYY-MM-DD), from not after to, at most 366 days');
      const { scope, channelIds: allowed, operatorId } = await scopeOf(app, operator);
      const asked = params.channel_ids?.map(toId);
      if (asked?.some((id) => !allowed.includes(id))) throw new ReportAccessError();
      const channelIds = asked ? [...new Set(asked)] : allowed;
      const basis = params.basis ?? 'wall';
      const read = async (range: { from: string; to: string }) =>
        figuresOf(range, await periodSums(app.database.db, { channelIds, ...range, basis, ...(operatorId !== undefined ? { operatorId } : {}) }));
      return { scope, basis, channel_ids: channelIds, current: await read(periods.current), previous: await read(periods.previous) };
    },
  );
}
