/** The routes the Reports screen calls (protocol/console/reports.ts, and the channels the caller reads). */
import type { OperatorApi } from '../../core/api.js';
import { REPORTS_OVERVIEW_ROUTE, type ReportsOverview } from '../../../protocol/console/reports.js';
import type { ReportsOverviewParams } from '../../../protocol/schemas/reports.js';
import { SEARCH_FILTERS_ROUTE, type SearchFilterOption, type SearchFilterOptions } from '../../../protocol/console/search.js';

/** What the Reports screen reads; the console's OperatorApi in the app, a stand-in in tests. */
export type ReportsApi = Pick<OperatorApi, 'call'>;

/** The figures of the period asked for and of the one before it. */
export function loadOverview(api: ReportsApi, params: ReportsOverviewParams): Promise<ReportsOverview> {
  return api.call<ReportsOverview>(REPORTS_OVERVIEW_ROUTE, params, { silent: true });
}

/** The channels the caller reads (the same ones the reports are scoped to). */
export async function loadReportChannels(api: ReportsApi): Promise<SearchFilterOption[]> {
  return (await api.call<SearchFilterOptions>(SEARCH_FILTERS_ROUTE, {}, { silent: true })).channels;
}
