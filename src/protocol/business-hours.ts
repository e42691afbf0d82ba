/**
 * Business hours (issue 26): per channel, a time zone, weekly opening ranges and closed dates. Outside
 * them the channel counts as unavailable whoever is online. The contracts and the checks of a schedule
 * live here once, for the server's routes and the console's editor.
 */

/** A channel's hours, administrators only: `{channel_id}` → {@link BusinessHoursAnswer}. */
export const BUSINESS_HOURS_ROUTE = '/im_livechat/operator/admin/business_hours';
/** Sets or (with `hours: null`) removes a channel's hours: `{channel_id, hours}` → {@link BusinessHoursAnswer}. */
export const SET_BUSINESS_HOURS_ROUTE = '/im_livechat/operator/admin/set_business_hours';
/** The caller's channels closed by their hours now: `{}` → {@link ClosedChannel}[]. */
export const CLOSED_CHANNELS_ROUTE = '/im_livechat/operator/closed_channels';

/** The most ranges in one day. */
export const RANGES_PER_DAY_MAX = 4;
/** The most closed dates of a channel. */
export const CLOSED_DATES_MAX = 366;
/** The longest IANA zone name accepted. */
export const TIME_ZONE_MAX = 64;
/** Days of the week in the order of {@link BusinessHours.week}: Monday first (ISO 8601). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** `HH:MM` on a 24-hour clock; `24:00` only ends a day. */
export const TIME_OF_DAY_PATTERN = '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$';
/** A calendar date `YYYY-MM-DD`. */
export const DATE_PATTERN = '^[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$';

/** One opening range of a day, local wall time of the channel's zone; `end` after `start`. */
export interface TimeRange {
  start: string;
  end: string;
}

/** A channel's schedule. */
export interface BusinessHours {
  /** An IANA zone such as `Europe/Paris`. */
  time_zone: string;
  /** Seven days, Monday first; a day without ranges is closed. */
  week: TimeRange[][];
  /** Local dates (`YYYY-MM-DD`) the channel stays closed all day. */
  closed_dates: string[];
}

/** The answer of the admin routes: null when the channel has no hours (open whenever someone is online). */
export interface BusinessHoursAnswer {
  channel_id: number;
  hours: BusinessHours | null;
}

/** A channel closed by its hours now, and when it opens again (null: no opening ahead). */
export interface ClosedChannel {
  channel_id: number;
  name: string;
  reopens_at: number | null;
}

/** Minutes since midnight of an `HH:MM` string (`24:00` → 1440). */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Whether the platform knows `zone` as a time zone. */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > TIME_ZONE_MAX) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Whether `date` (already `YYYY-MM-DD`) names a day that exists (no 31 April). */
function realDate(date: string): boolean {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(y, m - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
}

/**
 * What is wrong with a schedule whose fields already have the right shapes, in words an administrator
 * reads; undefined when it is valid.
 */
export function hoursProblem(hours: BusinessHours): string | undefined {
  if (!isTimeZone(hours.time_zone)) return `Unknown time zone: ${hours.time_zone.slice(0, TIME_ZONE_MAX)}`;
  if (hours.week.length !== WEEKDAYS.length) return 'The week must have seven days';
  for (const [i, ranges] of hours.week.entries()) {
    const sorted = [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    for (const [j, r] of sorted.entries()) {
      if (minutesOf(r.end) <= minutesOf(r.start)) return `${WEEKDAYS[i]}: ${r.start}–${r.end} must end after it starts`;
      const next = sorted[j + 1];
      if (next && minutesOf(next.start) < minutesOf(r.end)) return `${WEEKDAYS[i]}: ${r.start}–${r.end} overlaps ${next.start}–${next.end}`;
    }
  }
  const bad = hours.closed_dates.find((d) => !realDate(d));
  if (bad !== undefined) return `Not a date: ${bad}`;
  if (new Set(hours.closed_dates).size !== hours.closed_dates.length) return 'A closed date is listed twice';
  return undefined;
}
