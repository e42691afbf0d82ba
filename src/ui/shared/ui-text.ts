import { IntlMessageFormat } from 'intl-messageformat';
import { messageText, type IcuMessage } from '../../platform/i18n/icu-message.js';
import { canonicalTag } from '../../platform/i18n/negotiate.js';
import { humanSize, isEmail } from '../../platform/text/index.js';
import { dateLocaleFor, dayLabel, relativeTime } from '../../platform/time/index.js';
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
  /**
   * The locale file of `lang` (a missing key falls back to `fallback`, then to the key itself); the
   * production build precompiles its messages.
   */
  messages: Partial<Record<MessageKey, IcuMessage>>;
  /** Usually the English messages. */
  fallback?: Partial<Record<MessageKey, IcuMessage>>;
  formatRelative?: UiText['formatRelative'];
  dayLabel?: UiText['dayLabel'];
  formatSize?: UiText['formatSize'];
  isEmail?: UiText['isEmail'];
}

const RTL_LANGUAGES = new Set(['ar', 'arc', 'dv', 'fa', 'ha', 'he', 'khw', 'ks', 'ku', 'ps', 'ur', 'yi']);

/** Writing direction of a language tag. */
export function directionOf(lang: string): TextDirection {
  return RTL_LANGUAGES.has(lang.toLowerCase().split(/[-_]/)[0] ?? '') ? 'rtl' : 'ltr';
}

// An untrusted `lang` attribute such as "??" must not break formatting.
const safeLocale = (lang: string): string => canonicalTag(lang) ?? 'en-US';

/**
 * Builds a {@link UiText} from a locale file, with ICU formatting by intl-messageformat and the platform's
 * date, size and e-mail helpers. Dates are written by the browser's Intl in the locale of `lang` (nothing to
 * fetch, Arabic included). A broken message never throws: the raw text (or key) is shown instead.
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
      compiled = messageText(source);
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
      return messageText(options.messages[key] ?? options.fallback?.[key] ?? key);
    }
  };
  const dateLocale = dateLocaleFor(options.lang);
  return {
    lang: options.lang,
    dir: directionOf(options.lang),
    t,
    formatRelative: options.formatRelative ?? ((date, now) => relativeTime(date, { now, locale: dateLocale, translate: t })),
    dayLabel: options.dayLabel ?? ((date, now) => dayLabel(date, { now, locale: dateLocale, translate: t })),
    // A negative or non-finite size from the wire is shown as 0 rather than thrown into the page.
    formatSize: options.formatSize ?? ((bytes) => humanSize(Number.isFinite(bytes) && bytes > 0 ? bytes : 0, t)),
    isEmail: options.isEmail ?? isEmail,
  };
}
