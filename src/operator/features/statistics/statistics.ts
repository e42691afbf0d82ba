import type { GroupRow } from '../../core/api.js';
import { RATES, type Rate } from '../../../protocol/livechat.js';

/** Days the statistics cover, today included. */
export const STATISTICS_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** One day's number of conversations; `day` is a UTC `YYYY-MM-DD`. */
export interface DayCount {
  day: string;
  count: number;
}

/** What the statistics panel shows. */
export interface Statistics {
  /** Oldest day first, every day of the window present (0 when none). */
  perDay: DayCount[];
  /** Ratings given, per value. */
  ratings: Record<Rate, number>;
}

/** A `read_group` answer row (defined beside the call that reads it). */
export type { GroupRow };

/** The UTC days of the window ending today, oldest first. */
export function windowDays(now: number, count = STATISTICS_DAYS): string[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

function countOf(row: GroupRow, field: string): number {
  const n = row[`${field}_count`];
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

/** Shapes the two `read_group` answers; unknown days and rates are ignored rather than trusted. */
export function statisticsFrom(days: string[], dayGroups: GroupRow[], ratingGroups: GroupRow[]): Statistics {
  const perDay = new Map(days.map((d) => [d, 0]));
  for (const g of dayGroups) {
    const day = g['create_date:day'];
    if (typeof day === 'string' && perDay.has(day)) perDay.set(day, (perDay.get(day) ?? 0) + countOf(g, 'create_date'));
  }
  const ratings: Record<Rate, number> = { 5: 0, 3: 0, 1: 0 };
  for (const g of ratingGroups) {
    const rate = g.rating;
    if (RATES.includes(rate as Rate)) ratings[rate as Rate] += countOf(g, 'rating');
  }
  return { perDay: [...perDay].map(([day, count]) => ({ day, count })), ratings };
}

/** The dataset call the statistics need (OperatorApi in the console). */
export interface StatisticsSource {
  readGroup(model: string, domain: unknown[], groupby: string): Promise<GroupRow[]>;
}

/**
 * Reads the statistics through `read_group`: conversations per UTC day over the window, and the split
 * of ratings given to conversations of the same window. The server limits both to the operator's
 * channels (every channel for an admin).
 */
export async function loadStatistics(source: StatisticsSource, now: number): Promise<Statistics> {
  const days = windowDays(now);
  const since = [['create_date', '>=', `${days[0]} 00:00:00`]];
  const [dayGroups, ratingGroups] = await Promise.all([
    source.readGroup('mail.channel', since, 'create_date:day'),
    source.readGroup('rating.rating', since, 'rating'),
  ]);
  return statisticsFrom(days, dayGroups, ratingGroups);
}
