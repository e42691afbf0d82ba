/**
 * Reports (issue 27): the overview route, its bounds and answer, shared by the server and the console.
 * TypeBox-free; the schemas are in ../schemas/reports.ts. Definitions of each figure: README "Reports".
 */

/** The overview of a period and of the period before it: `ReportsOverviewParams` → {@link ReportsOverview}. */
export const REPORTS_OVERVIEW_ROUTE = '/im_livechat/operator/reports/overview';

/** The periods an overview covers: today, the last 7 or 30 days (today included), or dates chosen. */
export const REPORT_PERIODS = ['today', '7d', '30d', 'custom'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** Durations as the clock runs, or counted only while the channel's business hours are open. */
export const REPORT_BASES = ['wall', 'business'] as const;
export type ReportBasis = (typeof REPORT_BASES)[number];
/** The longest custom period, in days (the previous period is as long). */
export const REPORT_DAYS_MAX = 366;
/** Channels one overview may name. */
export const REPORT_CHANNELS_MAX = 100;
/** Overviews one operator (and one address) may ask for per minute by default (`RATE_LIMIT_REPORTS`). */
export const REPORTS_PER_MINUTE = 60;

/**
 * Whose figures the caller sees: an admin every channel's; a supervisor those of the channels it
 * supervises; any other operator only its own, in its channels.
 */
export type ReportScope = 'all' | 'supervised' | 'own';

/** Median and 90th percentile of a duration, in milliseconds; null without any. */
export interface DurationFigure {
  count: number;
  median_ms: number | null;
  p90_ms: number | null;
}

/** The figures of one period. */
export interface ReportFigures {
  /** `YYYY-MM-DD`, inclusive, in each channel's time zone. */
  from: string;
  to: string;
  conversations: number;
  missed: { never_answered: number; nobody_available: number };
  first_response: DurationFigure;
  reply: DurationFigure;
  resolution: DurationFigure;
  queue_wait: DurationFigure;
  transfers: number;
  /** Rated conversations, those rated 😊, the share of 😊 among rated ones (0 to 1) and rated per conversation of the period (may pass 1 when earlier conversations were rated); null without any. */
  satisfaction: { rated: number; best: number; share: number | null; rating_rate: number | null };
}

/** The answer of {@link REPORTS_OVERVIEW_ROUTE}. */
export interface ReportsOverview {
  scope: ReportScope;
  basis: ReportBasis;
  channel_ids: number[];
  /** The IANA zones the period's days (and a heat map's hours) are counted in: each channel's business-hours zone, UTC without one; sorted, each once. */
  time_zones: string[];
  current: ReportFigures;
  previous: ReportFigures;
}
