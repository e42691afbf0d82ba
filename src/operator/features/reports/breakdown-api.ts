/** The breakdown, busiest-hours and live routes the other reports read (protocol/console/reports-breakdown.ts). */
import {
  REPORTS_BUSIEST_HOURS_ROUTE,
  REPORTS_BY_CHANNEL_ROUTE,
  REPORTS_BY_OPERATOR_ROUTE,
  REPORTS_BY_TAG_ROUTE,
  REPORTS_LIVE_ROUTE,
  type ReportsBusiestHours,
  type ReportsByChannel,
  type ReportsByOperator,
  type ReportsByTag,
  type ReportsLive,
} from '../../../protocol/console/reports-breakdown.js';
import type { ReportsOverviewParams } from '../../../protocol/schemas/reports.js';
import type { ReportsLiveParams } from '../../../protocol/schemas/reports-breakdown.js';
import type { ReportsApi } from './reports-api.js';

/** Each operator's figures over the period. */
export const loadByOperator = (api: ReportsApi, params: ReportsOverviewParams): Promise<ReportsByOperator> =>
  api.call<ReportsByOperator>(REPORTS_BY_OPERATOR_ROUTE, params, { silent: true });

/** Each channel's overview figures over the period. */
export const loadByChannel = (api: ReportsApi, params: ReportsOverviewParams): Promise<ReportsByChannel> =>
  api.call<ReportsByChannel>(REPORTS_BY_CHANNEL_ROUTE, params, { silent: true });

/** Each tag's figures over the period. */
export const loadByTag = (api: ReportsApi, params: ReportsOverviewParams): Promise<ReportsByTag> =>
  api.call<ReportsByTag>(REPORTS_BY_TAG_ROUTE, params, { silent: true });

/** Conversations created per local weekday and hour. */
export const loadBusiestHours = (api: ReportsApi, params: ReportsOverviewParams): Promise<ReportsBusiestHours> =>
  api.call<ReportsBusiestHours>(REPORTS_BUSIEST_HOURS_ROUTE, params, { silent: true });

/** The queue, open conversations and operators now. */
export const loadLive = (api: ReportsApi, params: ReportsLiveParams): Promise<ReportsLive> =>
  api.call<ReportsLive>(REPORTS_LIVE_ROUTE, params, { silent: true });
