import { addDays, isSameDay, subDays } from 'date-fns';
import { LIMITS } from '../../protocol/livechat.js';
import { englishText, type Translate } from '../text/messages.js';
import { DEFAULT_DATE_LOCALE } from './date-locale.js';
import { dateTimeFormat, relativeTimeFormat } from './intl-formats.js';

/** The clock, language and texts used for labels. */
export interface TimeLabelOptions {
  /** The current moment; defaults to the real clock. */
  now?: Date | number;
  /** BCP 47 locale of the dates (see `dateLocaleFor`); defaults to US English. */
  locale?: string;
  /** Translates the "now", "Today" and "Yesterday" keys; defaults to English. */
  translate?: Translate;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

// The unit of a distance, with the same steps as date-fns' formatDistance (45 minutes is "1 hour", 30
// days "1 month"), rounded to the nearest whole unit and never below 1.
function distance(ms: number): [number, Intl.RelativeTimeFormatUnit] {
  const minutes = Math.round(ms / MINUTE);
  if (minutes < 45) return [Math.max(1, minutes), 'minute'];
  if (ms < DAY - 30_000) return [Math.max(1, Math.round(ms / HOUR)), 'hour'];
  if (ms < MONTH) return [Math.max(1, Math.round(ms / DAY)), 'day'];
  if (ms < YEAR) return [Math.max(1, Math.round(ms / MONTH)), 'month'];
  return [Math.max(1, Math.round(ms / YEAR)), 'year'];
}

/**
 * A message timestamp as the thread shows it: "now" under 45 seconds either way (a server clock slightly
 * ahead must not read "in a few seconds"), otherwise a localised distance such as "3 minutes ago". An
 * invalid date gives an empty label rather than an exception.
 */
export function relativeTime(date: Date, options: TimeLabelOptions = {}): string {
  const { now = Date.now(), locale = DEFAULT_DATE_LOCALE, translate = englishText } = options;
  const delta = +date - +now;
  if (!Number.isFinite(delta)) return '';
  if (Math.abs(delta) < LIMITS.nowUnderMs) return translate('widget.thread.now');
  const [count, unit] = distance(Math.abs(delta));
  return relativeTimeFormat(locale).format(delta < 0 ? -count : count, unit);
}

/**
 * The day separator of the thread: "Today", "Yesterday", or the long localised date ("January 17, 2024",
 * "17 janvier 2024", "17 يناير 2024"). An invalid date gives an empty label.
 */
export function dayLabel(date: Date, options: TimeLabelOptions = {}): string {
  const { now = Date.now(), locale = DEFAULT_DATE_LOCALE, translate = englishText } = options;
  if (Number.isNaN(+date)) return '';
  if (isSameDay(date, now)) return translate('widget.thread.today');
  if (isSameDay(date, subDays(now, 1))) return translate('widget.thread.yesterday');
  return dateTimeFormat(locale, 'longDate').format(date);
}

/** The full date and time of a moment, e.g. for a timestamp's tooltip ("Jan 17, 2024, 9:05 AM"). */
export function dateTimeLabel(date: Date, locale: string = DEFAULT_DATE_LOCALE): string {
  return Number.isNaN(+date) ? '' : dateTimeFormat(locale, 'dateTime').format(date);
}

/**
 * When a closed channel opens again, in the reader's language and time zone (issue 26): "We are back
 * today at 14:00", "… tomorrow at 9:00", "… on Monday at 9:00" within the week, else with the long date.
 * An invalid date gives an empty text.
 */
export function reopeningText(date: Date, options: TimeLabelOptions = {}): string {
  const { now = Date.now(), locale = DEFAULT_DATE_LOCALE, translate = englishText } = options;
  if (Number.isNaN(+date)) return '';
  const time = dateTimeFormat(locale, 'time').format(date);
  if (isSameDay(date, now)) return translate('widget.offline.backAt', { when: 'today', time, day: '' });
  if (isSameDay(date, addDays(now, 1))) return translate('widget.offline.backAt', { when: 'tomorrow', time, day: '' });
  const when = +date - +now < 6 * DAY ? 'weekday' : 'other';
  return translate('widget.offline.backAt', { when, time, day: dateTimeFormat(locale, when === 'weekday' ? 'weekday' : 'longDate').format(date) });
}
