/** Whose figures a caller sees, and the period it asked for: every report route reads its parameters here. */
import type { FastifyInstance } from 'fastify';
import type { ReportBasis, ReportScope } from '../../../protocol/console/reports.js';
import type { ReportsOverviewParams } from '../../../protocol/schemas/reports.js';
import { isTimeZone } from '../../../protocol/business-hours.js';
import type { OperatorRow } from '../../core/db/tables.js';
import { InvalidParamError, RpcError } from '../../core/rpc/errors.js';
import { toId } from '../../core/schemas/params.js';
import { channelBusinessHoursOf, wallTime } from '../../domain/channels/index.js';
import { periodsOf, type DayRange } from './overview.js';

/** A channel the caller may not read figures of was named. */
export class ReportAccessError extends RpcError {
  constructor() {
    super('You may not see the reports of this channel', 'access_error', undefined, 'livechat.AccessError');
  }
}

/** The channels a report covers and whose figures: `operatorId` set when the caller sees only its own. */
export interface ReportReach {
  scope: ReportScope;
  channelIds: number[];
  operatorId?: number;
}

/** Whose figures an operator sees (README "Reports"): channels, and only its own figures unless admin or supervisor. */
export async function scopeOf(app: FastifyInstance, operator: OperatorRow): Promise<ReportReach> {
  if (operator.is_admin) return { scope: 'all', channelIds: (await app.store.listChannels()).map((c) => c.id) };
  const supervised = await app.store.roles.supervisedChannelIds(operator.id);
  if (supervised.length > 0) return { scope: 'supervised', channelIds: supervised };
  return { scope: 'own', channelIds: await app.store.operatorChannelIds(operator.id), operatorId: operator.id };
}

/** The channels asked for, all within reach (every reachable one when none is named). */
export async function reachOf(app: FastifyInstance, operator: OperatorRow, channelIds: readonly (number | string)[] | undefined): Promise<ReportReach> {
  const reach = await scopeOf(app, operator);
  const asked = channelIds?.map(toId);
  if (asked?.some((id) => !reach.channelIds.includes(id))) throw new ReportAccessError();
  return { ...reach, channelIds: asked ? [...new Set(asked)] : reach.channelIds };
}

/** A period report's question, checked: the caller's reach, the period and the one before it, the basis. */
export interface ReportQuery extends ReportReach {
  current: DayRange;
  previous: DayRange;
  basis: ReportBasis;
  /** The zones the channels count their days in, as answers name them (`time_zones`). */
  timeZones: string[];
}

/** The zones the channels count their days and hours in (UTC without business hours), sorted, each once. */
export async function timeZonesOf(app: FastifyInstance, channelIds: readonly number[]): Promise<string[]> {
  const hours = await channelBusinessHoursOf(app.database.db, [...channelIds]);
  return [...new Set(channelIds.map((id) => hours.get(id)?.time_zone ?? 'UTC'))].sort();
}

/** One call of the allowance every report route shares per operator (`RATE_LIMIT_REPORTS` a minute). */
export async function takeReportAllowance(app: FastifyInstance, operator: OperatorRow): Promise<void> {
  await app.limits.take(`operator:reports:${operator.id}`, app.config.rateLimits.reports, 60_000);
}

/** Takes the caller's report allowance and reads the period parameters every period report shares. */
export async function reportQuery(app: FastifyInstance, operator: OperatorRow, params: ReportsOverviewParams): Promise<ReportQuery> {
  await takeReportAllowance(app, operator);
  const zone = params.time_zone ?? 'UTC';
  if (!isTimeZone(zone)) throw new InvalidParamError('The time zone must be an IANA name such as Europe/Paris');
  const periods = periodsOf(params.period, wallTime(app.clock.now(), zone).date, { from: params.from, to: params.to });
  if (!periods) throw new InvalidParamError('A custom period needs from and to (YYYY-MM-DD), from not after to, at most 366 days');
  const reach = await reachOf(app, operator, params.channel_ids);
  return { ...reach, ...periods, basis: params.basis ?? 'wall', timeZones: await timeZonesOf(app, reach.channelIds) };
}

/** The route options every report shares: its rate limit per address. */
export function reportRouteConfig(app: FastifyInstance): { rateLimit: { max: number; timeWindow: number } } {
  return { rateLimit: { max: app.config.rateLimits.reports, timeWindow: 60_000 } };
}
