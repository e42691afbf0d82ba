import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { reachOf, reportQuery, takeReportAllowance, reportRouteConfig, type ReportQuery, type ReportReach } from './report-scope.js';

function sumQuery(q: ReportQuery): SumQuery {
  return { channelIds: q.channelIds, ...q.current, basis: q.basis, ...(q.operatorId !== undefined ? { operatorId: q.operatorId } : {}) };
}

function periodAnswer(q: ReportQuery) {
  return { scope: q.scope, basis: q.basis, channel_ids: q.channelIds, time_zones: q.timeZones, ...q.current };
}

type Db = FastifyInstance['database']['db'];

async function byOperator(db: Db, q: ReportQuery): Promise<ReportsByOperator> {
  const groups = byGroup(await sumsBy(db, 'operator_id', sumQuery(q)));
  groups.delete(0);
  const ids = [...groups.keys()].sort((a, b) => a - b).slice(0, REPORT_OPERATORS_MAX);
  const names = await operatorNames(db, ids);
  const loads = loadsOf(await operatorDays(db, sumQuery(q)));
  return { ...periodAnswer(q), operators: ids.map((id) => operatorReport(id, names.get(id) ?? '', groups.get(id) ?? [], loads.get(id) ?? [])) };
}

async function byChannel(app: FastifyInstance, db: Db, q: ReportQuery): Promise<ReportsByChannel> {
  const groups = byGroup(await sumsBy(db, 'channel_id', sumQuery(q)));
  const names = new Map((await app.store.listChannels()).map((c) => [c.id, c.name]));
  const ids = [...q.channelIds].sort((a, b) => a - b);
  return { ...periodAnswer(q), channels: ids.map((id) => ({ channel_id: id, name: names.get(id) ?? '', figures: figuresOf(q.current, groups.get(id) ?? []) })) };
}

async function busiestHours(db: Db, q: ReportQuery): Promise<ReportsBusiestHours> {
  const grid = heatMap(await hourSums(db, 'conversations', sumQuery(q)));
  return { ...periodAnswer(q), conversations: grid, max: Math.max(0, ...grid.flat()) };
}

async function live(app: FastifyInstance, reach: ReportReach): Promise<ReportsLive> {
  const { scope, channelIds, operatorId } = reach;
  const now = app.clock.now();
  const counts = await liveCounts(app.database.db, channelIds, operatorId);
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
      operators: online.map((o) => ({ id: o.id, name: o.display_name, load: o.load, capacity: o.capacity })),
    });
  }
  return { scope, now, channels };
}

/** The period breakdowns and the live figures (issue 27; README "Reports"): the overview's scoping, parameters and allowance. */
export async function reportsBreakdownRoutes(app: FastifyInstance): Promise<void> {
  const common = { params: ReportsOverviewParams, authorize: (r: FastifyRequest) => app.requireOperator(r), config: reportRouteConfig(app) };
  const period = <T>(answer: (q: ReportQuery) => Promise<T>) => async (params: ReportsOverviewParams, request: FastifyRequest): Promise<T> =>
    answer(await reportQuery(app, await app.requireOperator(request), params));
  const db = () => app.database.db;

  app.rpc(
    REPORTS_BY_OPERATOR_ROUTE,
    { summary: 'Per operator: conversations, first response, resolution, satisfaction and load per day', result: ReportsByOperatorSchema, ...common },
    period((q) => byOperator(db(), q)),
  );
  app.rpc(REPORTS_BY_CHANNEL_ROUTE, { summary: 'The overview’s figures per channel', result: ReportsByChannelSchema, ...common }, period((q) => byChannel(app, db(), q)));
  app.rpc(
    REPORTS_BY_TAG_ROUTE,
    { summary: 'Per tag: conversations, first response and resolution medians, satisfaction', result: ReportsByTagSchema, ...common },
    period(async (q): Promise<ReportsByTag> => ({ ...periodAnswer(q), tags: tagReports(await taggedEvents(db(), sumQuery(q))) })),
  );
  app.rpc(
    REPORTS_BUSIEST_HOURS_ROUTE,
    { summary: 'Conversations created per weekday and hour, in each channel’s time zone', result: ReportsBusiestHoursSchema, ...common },
    period((q) => busiestHours(db(), q)),
  );
  app.rpc(
    REPORTS_LIVE_ROUTE,
    { ...common, summary: 'Now: visitors waiting and the longest wait, open conversations, operators online with load and capacity', params: ReportsLiveParams, result: ReportsLiveSchema },
    async (params, request): Promise<ReportsLive> => {
      const operator = await app.requireOperator(request);
      await takeReportAllowance(app, operator);
      return live(app, await reachOf(app, operator, params.channel_ids));
    },
  );
}
