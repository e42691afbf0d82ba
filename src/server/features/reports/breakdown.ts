/** The breakdowns' figures from the summed aggregates (pure: the routes read, this computes; README "Reports"). */
import type { DurationFigure } from '../../../protocol/console/reports.js';
import type { OperatorDayLoad, OperatorReport, SatisfactionFigure, TagReport } from '../../../protocol/console/reports-breakdown.js';
import { REPORT_TAGS_MAX } from '../../../protocol/console/reports-breakdown.js';
import { bucketOf, percentile } from './buckets.js';
import type { GroupSum, TaggedEvent } from './breakdown-store.js';
import { BEST_RATE } from './report-events.js';

/** The sums of each group, in the order the groups first appear. */
export function byGroup(sums: readonly GroupSum[]): Map<number, GroupSum[]> {
  const groups = new Map<number, GroupSum[]>();
  for (const s of sums) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
  return groups;
}

function durationOf(counts: Map<number, number>): DurationFigure {
  return { count: [...counts.values()].reduce((a, b) => a + b, 0), median_ms: percentile(counts, 0.5), p90_ms: percentile(counts, 0.9) };
}

function satisfactionOf(rated: number, best: number): SatisfactionFigure {
  return { rated, best, share: rated > 0 ? best / rated : null };
}

/** One operator's figures from its sums and its days. */
export function operatorReport(operatorId: number, name: string, sums: readonly GroupSum[], load: OperatorDayLoad[]): OperatorReport {
  const total = (metric: string) => sums.filter((s) => s.metric === metric).reduce((a, s) => a + s.n, 0);
  const duration = (metric: string) => {
    const counts = new Map<number, number>();
    for (const s of sums) if (s.metric === metric && s.n > 0) counts.set(s.bucket, (counts.get(s.bucket) ?? 0) + s.n);
    return durationOf(counts);
  };
  return {
    operator_id: operatorId,
    name,
    conversations: total('conversations'),
    first_response: duration('first_response'),
    resolution: duration('resolution'),
    satisfaction: satisfactionOf(total('rated'), total('rated_best')),
    load,
  };
}

/** Each operator's days with a load, oldest first. */
export function loadsOf(days: readonly { operator_id: number; day: string; metric: string; n: number }[]): Map<number, OperatorDayLoad[]> {
  const loads = new Map<number, Map<string, OperatorDayLoad>>();
  for (const d of days) {
    const mine = loads.get(d.operator_id) ?? new Map<string, OperatorDayLoad>();
    const day = mine.get(d.day) ?? { day: d.day, conversations: 0, replies: 0 };
    if (d.metric === 'conversations') day.conversations += d.n;
    else day.replies += d.n;
    mine.set(d.day, day);
    loads.set(d.operator_id, mine);
  }
  return new Map([...loads].map(([id, m]) => [id, [...m.values()].filter((l) => l.conversations + l.replies > 0).sort((a, b) => a.day.localeCompare(b.day))]));
}

interface TagTally {
  report: Omit<TagReport, 'first_response' | 'resolution' | 'satisfaction'>;
  first: Map<number, number>;
  resolved: Map<number, number>;
  rates: Map<number, number>;
}

/** The tags' figures from the events of tagged conversations, most used first, at most REPORT_TAGS_MAX. */
export function tagReports(events: readonly TaggedEvent[]): TagReport[] {
  const tallies = new Map<number, TagTally>();
  const add = (counts: Map<number, number>, ms: number | null) => {
    if (ms !== null) counts.set(bucketOf(ms), (counts.get(bucketOf(ms)) ?? 0) + 1);
  };
  for (const e of events) {
    const t = tallies.get(e.tag_id) ?? { report: { tag_id: e.tag_id, name: e.name, channel_id: e.channel_id, conversations: 0 }, first: new Map(), resolved: new Map(), rates: new Map() };
    tallies.set(e.tag_id, t);
    if (e.kind === 'created') t.report.conversations += 1;
    else if (e.kind === 'first_response') add(t.first, e.ms);
    else if (e.kind === 'resolved') add(t.resolved, e.ms);
    else if (e.kind === 'rating' && e.rate !== null) t.rates.set(e.session_id, e.rate);
  }
  return [...tallies.values()]
    .map((t) => {
      const rates = [...t.rates.values()];
      return { ...t.report, first_response: durationOf(t.first), resolution: durationOf(t.resolved), satisfaction: satisfactionOf(rates.length, rates.filter((r) => r === BEST_RATE).length) };
    })
    .sort((a, b) => b.conversations - a.conversations || a.tag_id - b.tag_id)
    .slice(0, REPORT_TAGS_MAX);
}

/** The weekday (0 Monday … 6 Sunday) of a `YYYY-MM-DD`. */
export function weekdayOf(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** Folds per-day-and-hour counts into a 7 × 24 grid by local weekday and hour. */
export function heatMap(counts: readonly { day: string; hour: number; n: number }[]): number[][] {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const c of counts) {
    const row = grid[weekdayOf(c.day)];
    if (row && c.hour >= 0 && c.hour < 24) row[c.hour] = (row[c.hour] ?? 0) + c.n;
  }
  return grid;
}
