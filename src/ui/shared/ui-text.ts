import { differenceInCalendarDays } from 'date-fns';
import { IntlMessageFormat } from 'intl-messageformat';
import type en from '../../../locales/en.json';

/** A key of locales/en.json, the source of truth for every user-visible text. */
export type MessageKey = keyof typeof en;

/** Values interpolated into an ICU message (`{count}`, `{first}`, …). */
export type MessageValues = Record<string, string | number | Date>;

/** Writing direction of the widget's language. */
export type TextDirection = 'ltr' | 'rtl';

/**
 * Everything the components need to turn data into words: the translator and the formatters. The element
 * provides it through {@link UiTextProvider}; components never fetch or format on their own.
 */
export interface UiText {
  /** BCP 47 language tag of the texts, e.g. `en`, `fr`, `ar`. */
  lang: string;
  /** `rtl` mirrors the layout (SPEC.md §2: the window sits at the left edge). */
  dir: TextDirection;
  /** The message of `key` in the current language, with `values` interpolated. */
  t(key: MessageKey, values?: MessageValues): string;
  /** Relative time of `date` seen from `now`: "now" under 45 s (SPEC.md §9), then "5 minutes ago"… */
  formatRelative(date: Date, now: Date): string;
  /** Day separator label: "Today", "Yesterday", otherwise the long date. */
  dayLabel(date: Date, now: Date): string;
  /** Human file size, base 1024, Bytes to Yb (SPEC.md §9). */
  formatSize(bytes: number): string;
  /** E-mail format check, an optional `mailto:` prefix allowed (SPEC.md §5). */
  isEmail(value: string): boolean;
}

/** Options of {@link createUiText}; any formatter may be replaced by the platform layer's own. */
export interface UiTextOptions {
  lang: string;
  /** The locale file of `lang` (a missing key falls back to `fallback`, then to the key itself). */
  messages: Partial<Record<MessageKey, string>>;
  /** Usually the English messages. */
  fallback?: Partial<Record<MessageKey, string>>;
  formatRelative?: UiText['formatRelative'];
  dayLabel?: UiText['dayLabel'];
  formatSize?: UiText['formatSize'];
  isEmail?: UiText['isEmail'];
}

const RTL_LANGUAGES = new Set(['ar', 'arc', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'ur', 'yi']);
const NOW_UNDER_MS = 45_000;
const SIZE_UNITS = ['Bytes', 'Kb', 'Mb', 'Gb', 'Tb', 'Pb', 'Eb', 'Zb', 'Yb'] as const;
// Same shape as the platform's check: local part, @, dotted domain; an optional mailto: prefix (SPEC.md §5).
const EMAIL_RE = /^(?:mailto:)?[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/i;

/** Writing direction of a language tag. */
export function directionOf(lang: string): TextDirection {
  return RTL_LANGUAGES.has(lang.toLowerCase().split(/[-_]/)[0] ?? '') ? 'rtl' : 'ltr';
}

function safeLocale(lang: string): string {
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? 'en-US';
  } catch {
    // An untrusted `lang` attribute such as "??" must not break formatting.
    return 'en-US';
  }
}

/**
 * Builds a {@link UiText} from a locale file, with ICU formatting by intl-messageformat and dates by
 * date-fns and Intl. A broken message never throws: the raw text (or key) is shown instead.
 */
export function createUiText(options: UiTextOptions): UiText {
  const locale = safeLocale(options.lang);
  const cache = new Map<MessageKey, IntlMessageFormat | string>();
  const compile = (key: MessageKey): IntlMessageFormat | string => {
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const source = options.messages[key] ?? options.fallback?.[key] ?? key;
    let compiled: IntlMessageFormat | string;
    try {
      compiled = new IntlMessageFormat(source, locale);
    } catch {
      compiled = source;
    }
    cache.set(key, compiled);
    return compiled;
  };
  const t = (key: MessageKey, values?: MessageValues): string => {
    const message = compile(key);
    if (typeof message === 'string') return message;
    try {
      return String(message.format(values));
    } catch {
      return options.messages[key] ?? options.fallback?.[key] ?? key;
    }
  };
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  return {
    lang: options.lang,
    dir: directionOf(options.lang),
    t,
    formatRelative:
      options.formatRelative ??
      ((date, now) => {
        const ms = now.getTime() - date.getTime();
        if (ms < NOW_UNDER_MS) return t('widget.thread.now');
        const minutes = Math.round(ms / 60_000);
        if (minutes < 60) return relative.format(-minutes, 'minute');
        const hours = Math.round(minutes / 60);
        if (hours < 24) return relative.format(-hours, 'hour');
        return relative.format(-differenceInCalendarDays(now, date), 'day');
      }),
    dayLabel:
      options.dayLabel ??
      ((date, now) => {
        const days = differenceInCalendarDays(now, date);
        if (days === 0) return t('widget.thread.today');
        if (days === 1) return t('widget.thread.yesterday');
        return longDate.format(date);
      }),
    formatSize:
      options.formatSize ??
      ((bytes) => {
        let size = Math.max(0, bytes);
        let unit = 0;
        while (size >= 1024 && unit < SIZE_UNITS.length - 1) {
          size /= 1024;
          unit += 1;
        }
        const rounded = unit === 0 ? String(size) : size.toFixed(2).replace(/\.?0+$/, '');
        return `${rounded} ${t('units.size', { unit: SIZE_UNITS[unit] ?? 'Yb' })}`;
      }),
    isEmail: options.isEmail ?? ((value) => EMAIL_RE.test(value.trim())),
  };
}
