import { format, formatDistance, isSameDay, subDays, type Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { LIMITS } from '../../protocol/livechat.js';
import { englishText, type Translate } from '../text/messages.js';

/** The clock, language and texts used for labels. */
export interface TimeLabelOptions {
  /** The current moment; defaults to the real clock. */
  now?: Date | number;
  /** date-fns locale (see `dateLocaleFor`); defaults to US English. */
  locale?: Locale;
  /** Translates the "now", "Today" and "Yesterday" keys; defaults to English. */
  translate?: Translate;
}

/**
 * A message timestamp as the thread shows it: "now" under 45 seconds either way (a server clock slightly
 * ahead must not read "in a few seconds"), otherwise a localised distance such as "3 minutes ago".
 */
export function relativeTime(date: Date, options: TimeLabelOptions = {}): string {
  const { now = Date.now(), locale = enUS, translate = englishText } = options;
  if (Math.abs(+now - +date) < LIMITS.nowUnderMs) return translate('widget.thread.now');
  return formatDistance(date, now, { addSuffix: true, locale });
}

/** The day separator of the thread: "Today", "Yesterday", or the long localised date (date-fns `PPP`). */
export function dayLabel(date: Date, options: TimeLabelOptions = {}): string {
  const { now = Date.now(), locale = enUS, translate = englishText } = options;
  if (isSameDay(date, now)) return translate('widget.thread.today');
  if (isSameDay(date, subDays(now, 1))) return translate('widget.thread.yesterday');
  return format(date, 'PPP', { locale });
}
