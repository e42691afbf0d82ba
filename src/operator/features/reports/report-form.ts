/** The Reports screen's choices and the overview parameters they make, checked as the server checks them. */
import { REPORT_DAYS_MAX, type ReportBasis, type ReportPeriod } from '../../../protocol/console/reports.js';
import type { ReportsOverviewParams } from '../../../protocol/schemas/reports.js';

/** What the operator chose; `channelId` '' is every channel it may see, dates are `YYYY-MM-DD` or ''. */
export interface ReportForm {
  period: ReportPeriod;
  from: string;
  to: string;
  basis: ReportBasis;
  channelId: string;
}

/** Last 7 days, wall clock, every channel. */
export const DEFAULT_REPORT_FORM: ReportForm = { period: '7d', from: '', to: '', basis: 'wall', channelId: '' };

/** Why a custom period cannot be asked for. */
export type PeriodProblem = 'missingDates' | 'backward' | 'tooLong';

const DAY = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dayMs(date: string): number | undefined {
  if (!DATE.test(date)) return undefined;
  const ms = Date.parse(`${date}T00:00:00Z`);
  // Date.parse rolls 31 February over into March: only a date that reads back the same is one.
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date ? undefined : ms;
}

/** What is wrong with the form's custom period, as the server would refuse it; undefined when nothing is. */
export function periodProblem(form: ReportForm): PeriodProblem | undefined {
  if (form.period !== 'custom') return undefined;
  const from = dayMs(form.from);
  const to = dayMs(form.to);
  if (from === undefined || to === undefined) return 'missingDates';
  if (to < from) return 'backward';
  return (to - from) / DAY + 1 > REPORT_DAYS_MAX ? 'tooLong' : undefined;
}

/** The zone the browser runs in, so that "today" is the operator's today; UTC when it names none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The overview parameters of a valid form. */
export function overviewParams(form: ReportForm, timeZone: string): ReportsOverviewParams {
  return {
    period: form.period,
    basis: form.basis,
    time_zone: timeZone,
    ...(form.period === 'custom' ? { from: form.from, to: form.to } : {}),
    ...(form.channelId ? { channel_ids: [Number(form.channelId)] } : {}),
  };
}
