import { DEFAULT_DATE_LOCALE } from './date-locale.js';

// Building an Intl formatter costs far more than using one, and a thread re-labels every message each
// minute: one formatter per locale and kind, kept for the page's lifetime (a handful at most).
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

function guarded<F>(locale: string, build: (locale: string) => F): F {
  try {
    return build(locale);
  } catch {
    // A tag that is no locale (RangeError): US English dates rather than an exception in the host page.
    return build(DEFAULT_DATE_LOCALE);
  }
}

/** The date/time shapes the widget writes. */
export type DateShape = 'longDate' | 'dateTime' | 'weekday' | 'time';

const SHAPES: Record<DateShape, Intl.DateTimeFormatOptions> = {
  longDate: { dateStyle: 'long' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  weekday: { weekday: 'long' },
  time: { timeStyle: 'short' },
};

/** A cached `Intl.DateTimeFormat` of `locale` (a tag from `dateLocaleFor`) for `shape`. */
export function dateTimeFormat(locale: string, shape: DateShape): Intl.DateTimeFormat {
  const key = `${shape} ${locale}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = guarded(locale, (l) => new Intl.DateTimeFormat(l, SHAPES[shape]));
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** A cached `Intl.RelativeTimeFormat` of `locale` that always writes a number ("1 day ago", not "yesterday"). */
export function relativeTimeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeTimeFormats.get(locale);
  if (!format) {
    format = guarded(locale, (l) => new Intl.RelativeTimeFormat(l, { numeric: 'always' }));
    relativeTimeFormats.set(locale, format);
  }
  return format;
}
