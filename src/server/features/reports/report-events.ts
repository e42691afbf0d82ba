/**
 * What each report event adds to the aggregates, once: the writers apply it as events happen, and the
 * tests recompute the aggregates from the stored events with the same rules.
 */
import { bucketOf } from './buckets.js';
import type { DailyDelta, NewReportEvent } from './report-store.js';

/** The kinds of event stored. */
export type ReportEventKind = 'created' | 'first_response' | 'reply' | 'queue_wait' | 'transfer' | 'resolved' | 'missed' | 'rating';
/** Why a visitor was missed (README "Reports"). */
export type MissedKind = 'never_answered' | 'nobody_available';
/** The rate counted as satisfied (😊). */
export const BEST_RATE = 5;

const DURATION_METRIC: Partial<Record<ReportEventKind, string>> = {
  first_response: 'first_response',
  reply: 'reply',
  queue_wait: 'queue_wait',
  resolved: 'resolution',
};

/** The aggregate changes of an event other than a rating (ratings count once per conversation: see ratingDeltas). */
export function deltasOf(event: NewReportEvent): DailyDelta[] {
  const key = { channel_id: event.channel_id, operator_id: event.operator_id, day: event.day };
  const count = (metric: string): DailyDelta[] => [{ ...key, metric, basis: 'count', bucket: 0, n: 1 }];
  const metric = DURATION_METRIC[event.kind as ReportEventKind];
  if (metric !== undefined && event.wall_ms !== null && event.business_ms !== null) {
    return [
      { ...key, metric, basis: 'wall', bucket: bucketOf(event.wall_ms), n: 1 },
      { ...key, metric, basis: 'business', bucket: bucketOf(event.business_ms), n: 1 },
    ];
  }
  if (event.kind === 'created') return count('conversations');
  if (event.kind === 'transfer') return count('transfers');
  if (event.kind === 'missed') return count(`missed_${event.detail}`);
  return [];
}

/**
 * A rating's aggregate changes: the first rating of a conversation counts it rated on that day (and
 * satisfied when 😊); a changed rating moves only the satisfied count, on the first rating's day.
 */
export function ratingDeltas(key: { channel_id: number; operator_id: number }, previous: { rate: number; day: string } | undefined, rate: number, day: string): DailyDelta[] {
  const best = (d: string, n: number): DailyDelta => ({ ...key, day: d, metric: 'rated_best', basis: 'count', bucket: 0, n });
  if (!previous) return [{ ...key, day, metric: 'rated', basis: 'count', bucket: 0, n: 1 }, ...(rate === BEST_RATE ? [best(day, 1)] : [])];
  const was = previous.rate === BEST_RATE ? 1 : 0;
  const is = rate === BEST_RATE ? 1 : 0;
  return is === was ? [] : [best(previous.day, is - was)];
}
