import type { FastifyInstance } from 'fastify';
import {
  REPORT_OPERATORS_MAX,
  REPORTS_BUSIEST_HOURS_ROUTE,
  REPORTS_BY_CHANNEL_ROUTE,
  REPORTS_BY_OPERATOR_ROUTE,
  REPORTS_BY_TAG_ROUTE,
  REPORTS_LIVE_ROUTE,
  type LiveChannel,
  type ReportsBusiestHours,
  type ReportsByChannel,
  type ReportsByOperator,
  type ReportsByTag,
  type ReportsLive,
} from '../../../protocol/console/reports-breakdown.js';
import { ReportsOverviewParams } from '../../../protocol/schemas/reports.js';
import { ReportsBusiestHoursSchema, ReportsByChannelSchema, ReportsByOperatorSchema, ReportsByTagSchema, ReportsLiveParams, ReportsLiveSchema } from '../../../protocol/schemas/reports-breakdown.js';
import { onlineOperators } from '../../domain/channels/index.js';
import { byGroup, heatMap, loadsOf, operatorReport, tagReports } from './breakdown.js';
import { hourSums, liveCounts, operatorDays, operatorNames, sumsBy, taggedEvents, type SumQuery } from './breakdown-store.js';
import { figuresOf } from './overview.js';
import { reachOf, reportQuery, reportRouteConfig, type ReportQuery } from './report-scope.js';

function sumQuery(q: ReportQuery): SumQuery {
  return { channelIds: q.channelIds, ...q.current, basis: q.basis, ...(q.operatorId !== undefined ? { operatorId: q.operatorId } : {}) };
}

function periodAnswer(q: ReportQuery) {
  return { scope: q.scope, basis: q.basis, channel_ids: q.channelIds, ...q.current };
}

/** The period breakdowns and the live figures (issue 27; README "Reports"): the overview's scoping, parameters and allowance. */
export async function reportsBreakdownRoutes(app: FastifyInstance): Promise<void> {
  const common = { authorize: (r: Parameters<typeof app.requireOperator>[0]) => app.requireOperator(r), config: reportRouteConfig(app) };
  const db = () => app.database.db;

  app.rpc(
    REPORTS_BY_OPERATOR_ROUTE,
    { summary: 'Per operator: conversations, first response, resolution, satisfaction and load per day', params: ReportsOverviewParams, result: ReportsByOperatorSchema, ...common },
    async (params, request): Promise<ReportsByOperator> => {
      const q = await reportQuery(app, await app.requireOperator(request), params);
      const groups = byGroup(await sumsBy(db(), 'operator_id', sumQuery(q)));
      groups.delete(0);
      const ids = [...groups.keys()].sort((a, b) => a - b).slice(0, REPORT_OPERATORS_MAX);
      const names = await operatorNames(db(), ids);
      const loads = loadsOf(await operatorDays(db(), sumQuery(q)));
      return { ...periodAnswer(q), operators: ids.map((id) => operatorReport(id, names.get(id) ?? '', groups.get(id) ?? [], loads.get(id) ?? [])) };
    },
  );

  app.rpc(
    REPORTS_BY_CHANNEL_ROUTE,
    { summary: 'The overview’s figures per channel', params: ReportsOverviewParams, result: ReportsByChannelSchema, ...common },
    async (params, request): Promise<ReportsByChannel> => {
      const q = await reportQuery(app, await app.requireOperator(request), params);
      const groups = byGroup(await sumsBy(db(), 'channel_id', sumQuery(q)));
      const names = new Map((await app.store.listChannels()).map((c) => [c.id, c.name]));
      const ids = [...q.channelIds].sort((a, b) => a - b);
      return { ...periodAnswer(q), channels: ids.map((id) => ({ channel_id: id, name: names.get(id) ?? '', figures: figuresOf(q.current, groups.get(id) ?? []) })) };
    },
  );

  app.rpc(
    REPORTS_BY_TAG_ROUTE,
    { summary: 'Per tag: conversations, first response and resolution medians, satisfaction', params: ReportsOverviewParams, result: ReportsByTagSchema, ...common },
    async (params, request): Promise<ReportsByTag> => {
      const q = await reportQuery(app, await app.requireOperator(request), params);
      return { ...periodAnswer(q), tags: tagReports(await taggedEvents(db(), sumQuery(q))) };
    },
  );

  app.rpc(
    REPORTS_BUSIEST_HOURS_ROUTE,
    { summary: 'Conversations created per weekday and hour, in each channel’s time zone', params: ReportsOverviewParams, result: ReportsBusiestHoursSchema, ...common },
    async (params, request): Promise<ReportsBusiestHours> => {
      const q = await reportQuery(app, await app.requireOperator(request), params);
      const grid = heatMap(await hourSums(db(), 'conversations', sumQuery(q)));
      return { ...periodAnswer(q), conversations: grid, max: Math.max(0, ...grid.flat()) };
    },
  );

  app.rpc(
    REPORTS_LIVE_ROUTE,
    { summary: 'Now: visitors waiting and the longest wait, open conversations, operators online with load and capacity', params: ReportsLiveParams, result: ReportsLiveSchema, ...common },
    async (params, request): Promise<ReportsLive> => {
      const operator = await app.requireOperator(request);
      await app.limits.take(`operator:reports:${operator.id}`, app.config.rateLimits.reports, 60_000);
      const { scope, channelIds, operatorId } = await reachOf(app, operator, params.channel_ids);
      const now = app.clock.now();
      const counts = await liveCounts(db(), channelIds, operatorId);
      const names = new Map((await app.store.listChannels()).map((c) => [c.id, c.name]));
      const channels: LiveChannel[] = [];
      for (const id of [...channelIds].sort((a, b) => a - b)) {
        const online = (await onlineOperators(app.store, id, now)).filter((o) => operatorId === undefined || o.id === operatorId).slice(0, REPORT_OPERATORS_MAX);
        const c = counts.get(id) ?? { waiting: 0, oldest: null, open: 0 };
        channels.push({
          channel_id: id,
          name: names.get(id) ?? '',
          waiting: c.waiting,
          longest_wait_ms: c.oldest === null ? null : Math.max(0, now - c.oldest),
          open: c.open,
          operators: online.map((o) => ({ id: o.id, name: o.display_name, load: o.active_sessions, capacity: o.capacity })),
        });
      }
      return { scope, now, channels };
    },
  );
}
