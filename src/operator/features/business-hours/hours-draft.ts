/**
 * The editor's working copy of a schedule and its checks, in the console's words. Time fields are the
 * browser's time inputs, which cannot show 24:00: an end of 00:00 means midnight at the end of the day.
 */
import { RANGES_PER_DAY_MAX, WEEKDAYS, isTimeZone, minutesOf, type BusinessHours, type TimeRange, type Weekday } from '../../../protocol/business-hours.js';
import type { MessageKey, MessageValues } from '../../../platform/i18n/index.js';

/** What the form holds. */
export interface HoursDraft {
  enabled: boolean;
  timeZone: string;
  week: TimeRange[][];
  closedDates: string[];
}

/** A problem to show: a text key and its values. */
export interface DraftProblem {
  key: MessageKey;
  values?: MessageValues;
  /** The day it concerns, to name it. */
  day?: Weekday;
}

/** The browser's own zone, or UTC when it has none the platform names. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : 'UTC';
}

/** The zones the select offers: the platform's list, with the draft's own when the list lacks it. */
export function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return all.includes(current) ? all : [current, ...all];
}

/** The form's copy of stored hours; with none, a disabled draft with Monday to Friday, 9:00 to 17:00. */
export function draftOf(hours: BusinessHours | null): HoursDraft {
  if (!hours) {
    return { enabled: false, timeZone: browserTimeZone(), week: WEEKDAYS.map((_, i) => (i < 5 ? [{ start: '09:00', end: '17:00' }] : [])), closedDates: [] };
  }
  return { enabled: true, timeZone: hours.time_zone, week: hours.week.map((day) => day.map((r) => ({ start: r.start, end: r.end === '24:00' ? '00:00' : r.end }))), closedDates: [...hours.closed_dates] };
}

/** The schedule to send. */
export function hoursOf(draft: HoursDraft): BusinessHours {
  return { time_zone: draft.timeZone, week: draft.week.map((day) => day.map((r) => ({ start: r.start, end: r.end === '00:00' ? '24:00' : r.end }))), closed_dates: draft.closedDates };
}

const TIME = /^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/;

/** The first problem of the draft, in the order the form shows the fields; undefined when it can be saved. */
export function draftProblem(draft: HoursDraft): DraftProblem | undefined {
  if (!draft.enabled) return undefined;
  if (!isTimeZone(draft.timeZone)) return { key: 'operator.business-hours.badZone' };
  const sent = hoursOf(draft);
  for (const [i, ranges] of sent.week.entries()) {
    const day = WEEKDAYS[i];
    if (ranges.length > RANGES_PER_DAY_MAX) return { key: 'operator.business-hours.tooManyRanges', values: { max: RANGES_PER_DAY_MAX }, day };
    const sorted = [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    for (const [j, r] of sorted.entries()) {
      if (!TIME.test(r.start) || !(TIME.test(r.end) || r.end === '24:00')) return { key: 'operator.business-hours.badTime', day };
      if (minutesOf(r.end) <= minutesOf(r.start)) return { key: 'operator.business-hours.endBeforeStart', values: { start: r.start, end: r.end }, day };
      const next = sorted[j + 1];
      if (next && minutesOf(next.start) < minutesOf(r.end)) return { key: 'operator.business-hours.overlap', day };
    }
  }
  return undefined;
}
