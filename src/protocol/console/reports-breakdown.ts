/**
 * Reports (issue 27) broken down by operator, channel and tag, the busiest hours and the live figures,
 * shared by the server and the console. TypeBox-free; the schemas are in ../schemas/reports-breakdown.ts.
 * The period reports take the overview's parameters (`ReportsOverviewParams`); definitions: README "Reports".
 */
import type { DurationFigure, ReportBasis, ReportFigures, ReportScope } from './reports.js';

/** Per operator: `ReportsOverviewParams` → {@link ReportsByOperator}. */
export const REPORTS_BY_OPERATOR_ROUTE = '/im_livechat/operator/reports/by_operator';
/** Per channel: `ReportsOverviewParams` → {@link ReportsByChannel}. */
export const REPORTS_BY_CHANNEL_ROUTE = '/im_livechat/operator/reports/by_channel';
/** Per tag: `ReportsOverviewParams` → {@link ReportsByTag}. */
export const REPORTS_BY_TAG_ROUTE = '/im_livechat/operator/reports/by_tag';
/** Conversations created per local weekday and hour: `ReportsOverviewParams` → {@link ReportsBusiestHours}. */
export const REPORTS_BUSIEST_HOURS_ROUTE = '/im_livechat/operator/reports/busiest_hours';
/** The queue, open conversations and operators now: `ReportsLiveParams` → {@link ReportsLive}. */
export const REPORTS_LIVE_ROUTE = '/im_livechat/operator/reports/live';

/** Tags one by-tag report lists at most (the most used first). */
export const REPORT_TAGS_MAX = 200;
/** Operators one by-operator report or one channel's live figures list at most. */
export const REPORT_OPERATORS_MAX = 500;

/** Satisfaction without the rating rate: rated conversations, those rated 😊, and the 😊 share (0 to 1; null when none rated). */
export interface SatisfactionFigure {
  rated: number;
  best: number;
  share: number | null;
}

/** One local day of an operator's load. */
export interface OperatorDayLoad {
  /** `YYYY-MM-DD` in the channel's zone. */
  day: string;
  /** Conversations that opened with the operator that day. */
  conversations: number;
  /** Reply cycles the operator ended that day (each answer to waiting visitor messages). */
  replies: number;
}

/** One operator's figures over the period. */
export interface OperatorReport {
  operator_id: number;
  name: string;
  conversations: number;
  first_response: DurationFigure;
  resolution: DurationFigure;
  satisfaction: SatisfactionFigure;
  /** Only the days with any load, oldest first. */
  load: OperatorDayLoad[];
}

/** Fields every period breakdown answers with. */
interface PeriodAnswer {
  scope: ReportScope;
  basis: ReportBasis;
  channel_ids: number[];
  /** The IANA zones the period's days (and a heat map's hours) are counted in: each channel's business-hours zone, UTC without one; sorted, each once. */
  time_zones: string[];
  from: string;
  to: string;
}

/** The answer of {@link REPORTS_BY_OPERATOR_ROUTE}: operators with any figure in the period, by id. */
export interface ReportsByOperator extends PeriodAnswer {
  operators: OperatorReport[];
}

/** The answer of {@link REPORTS_BY_CHANNEL_ROUTE}: every channel asked for, by id, with the overview's figures. */
export interface ReportsByChannel extends PeriodAnswer {
  channels: { channel_id: number; name: string; figures: ReportFigures }[];
}

/** One tag's figures over the period. */
export interface TagReport {
  tag_id: number;
  name: string;
  channel_id: number;
  /** Tagged conversations created in the period. */
  conversations: number;
  first_response: DurationFigure;
  resolution: DurationFigure;
  satisfaction: SatisfactionFigure;
}

/** The answer of {@link REPORTS_BY_TAG_ROUTE}: tags with any tagged conversation in the period, most used first. */
export interface ReportsByTag extends PeriodAnswer {
  tags: TagReport[];
}

/** The answer of {@link REPORTS_BUSIEST_HOURS_ROUTE}. */
export interface ReportsBusiestHours extends PeriodAnswer {
  /** `conversations[weekday][hour]`: 7 rows (0 Monday … 6 Sunday) of 24 counts (local hour 0–23). */
  conversations: number[][];
  /** The largest cell, for scaling a heat map. */
  max: number;
}

/** An operator of a channel seen now. */
export interface LiveOperator {
  id: number;
  name: string;
  /** Active conversations held, in every channel (README "Routing and capacity"). */
  load: number;
  /** What the operator may hold in this channel; null: no limit. */
  capacity: number | null;
}

/** One channel now. */
export interface LiveChannel {
  channel_id: number;
  name: string;
  /** Open live chats no operator holds yet (the queue). */
  waiting: number;
  /** How long the one waiting longest has waited, in milliseconds; null when nobody waits. */
  longest_wait_ms: number | null;
  /** Open live chats an operator holds (for an operator asking: its own). */
  open: number;
  /** Operators online and not away (for an operator asking: itself, when online). */
  operators: LiveOperator[];
}

/** The answer of {@link REPORTS_LIVE_ROUTE}. */
export interface ReportsLive {
  scope: ReportScope;
  /** Epoch ms the figures were read at. */
  now: number;
  channels: LiveChannel[];
}
