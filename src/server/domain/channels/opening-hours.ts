/**
 * Whether a schedule is open at an instant, and when it next opens. Ranges are wall-clock times of the
 * channel's zone, read through the platform's Intl (no offset table): a range over a daylight-saving gap
 * opens when the clock jumps past its start; one inside the repeated hour of an overlap is open both times.
 */
import { minutesOf, type BusinessHours } from '../../../protocol/business-hours.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Days searched for the next opening: a week past the most closed dates a schedule may hold. */
const SEARCH_DAYS = 366 + 8;

/** The wall clock of a zone at an instant. */
interface WallTime {
  /** The wall time read as if it were UTC, in ms: comparable and free of the zone's offset. */
  naive: number;
  /** `YYYY-MM-DD`. */
  date: string;
  /** 0 Monday … 6 Sunday. */
  weekday: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall time of `zone` at `at`. */
export function wallTime(at: number, zone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  const midnight = Date.UTC(year, month - 1, day);
  const naive = midnight + ((hour % 24) * 60 + minute) * MINUTE + second * 1000 + (((at % 1000) + 1000) % 1000);
  return { naive, date: isoDate(midnight), weekday: (new Date(midnight).getUTCDay() + 6) % 7, minute: (hour % 24) * 60 + minute };
}

function isoDate(midnight: number): string {
  return new Date(midnight).toISOString().slice(0, 10);
}

/** Whether the schedule is open at `at`. */
export function isOpenAt(hours: BusinessHours, at: number): boolean {
  const wall = wallTime(at, hours.time_zone);
  if (hours.closed_dates.includes(wall.date)) return false;
  return (hours.week[wall.weekday] ?? []).some((r) => minutesOf(r.start) <= wall.minute && wall.minute < minutesOf(r.end));
}

/**
 * The instants at which the zone's wall clock shows `naive` (a wall time read as UTC): none in a gap,
 * two in an overlap. In a gap, the instant the clock jumps past it is returned instead: a range starting
 * in the missing hour opens then.
 */
export function instantsOf(naive: number, zone: string): number[] {
  const offsets = new Set([-DAY, 0, DAY].map((d) => wallTime(naive + d, zone).naive - (naive + d)));
  const exact = [...offsets].map((o) => naive - o).filter((t) => wallTime(t, zone).naive === naive);
  if (exact.length > 0) return [...new Set(exact)].sort((a, b) => a - b);
  // A gap: the first instant whose wall time is past `naive`, between the two offsets' readings.
  const candidates = [...offsets].map((o) => naive - o);
  let lo = Math.min(...candidates);
  let hi = Math.max(...candidates);
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (wallTime(mid, zone).naive >= naive) hi = mid;
    else lo = mid;
  }
  return [Math.ceil(hi / MINUTE) * MINUTE];
}

/** Whether the schedule can ever open (some day has a range). */
function hasRanges(hours: BusinessHours): boolean {
  return hours.week.some((ranges) => ranges.length > 0);
}

/**
 * The first instant after `at` at which the schedule opens, or undefined when it never does within the
 * next year and a week (no ranges, or every day ahead closed).
 */
export function nextOpening(hours: BusinessHours, at: number): number | undefined {
  if (!hasRanges(hours)) return undefined;
  const first = Date.UTC(...ymd(wallTime(at, hours.time_zone).date));
  for (let i = 0; i < SEARCH_DAYS; i++) {
    const midnight = first + i * DAY;
    if (hours.closed_dates.includes(isoDate(midnight))) continue;
    const ranges = hours.week[(new Date(midnight).getUTCDay() + 6) % 7] ?? [];
    const starts = ranges.map((r) => minutesOf(r.start)).sort((a, b) => a - b);
    for (const start of starts) {
      const opening = instantsOf(midnight + start * MINUTE, hours.time_zone).find((t) => t > at && isOpenAt(hours, t));
      if (opening !== undefined) return opening;
    }
  }
  return undefined;
}

function ymd(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m - 1, d];
}

/** Whether the schedule lets the channel answer at `at`, and if not when it opens again. */
export function gateOf(hours: BusinessHours, at: number): { open: true } | { open: false; reopensAt?: number } {
  if (isOpenAt(hours, at)) return { open: true };
  const reopensAt = nextOpening(hours, at);
  return reopensAt === undefined ? { open: false } : { open: false, reopensAt };
}

/**
 * How many milliseconds of [from, to) fall inside the schedule's open ranges: a duration "in business
 * hours". Each local day of the span is walked once, so the cost grows with the span in days. A range
 * starting in a daylight-saving gap opens when the clock jumps past it (as {@link instantsOf}); one
 * ending in the repeated hour of an overlap ends at the later of the two instants.
 */
export function openMillisBetween(hours: BusinessHours, from: number, to: number): number {
  if (to <= from || !hasRanges(hours)) return 0;
  const zone = hours.time_zone;
  const last = Date.UTC(...ymd(wallTime(to, zone).date));
  let total = 0;
  // The day before `from`'s local date too: a range ending at 24:00 may end after `from` on its next day.
  for (let midnight = Date.UTC(...ymd(wallTime(from, zone).date)) - DAY; midnight <= last; midnight += DAY) {
    if (hours.closed_dates.includes(isoDate(midnight))) continue;
    for (const r of hours.week[(new Date(midnight).getUTCDay() + 6) % 7] ?? []) {
      const start = instantsOf(midnight + minutesOf(r.start) * MINUTE, zone)[0]!;
      const end = instantsOf(midnight + minutesOf(r.end) * MINUTE, zone).at(-1)!;
      total += Math.max(0, Math.min(end, to) - Math.max(start, from));
    }
  }
  return total;
}
