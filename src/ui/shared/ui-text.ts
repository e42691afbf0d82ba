import { directionOf, type TextDirection } from '../../platform/i18n/direction.js';
import type { MessageKey } from '../../platform/i18n/locales.js';
import { createTranslate, type Messages, type MessageValues } from '../../platform/i18n/translate.js';
import { humanSize, isEmail } from '../../platform/text/index.js';
import { dateLocaleFor, dayLabel, relativeTime } from '../../platform/time/index.js';

export { directionOf, type MessageKey, type MessageValues, type TextDirection };

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
  messages: Messages;
  /** The English messages (the key itself is shown without them). */
  fallback?: Messages;
  formatRelative?: UiText['formatRelative'];
  dayLabel?: UiText['dayLabel'];
  formatSize?: UiText['formatSize'];
  isEmail?: UiText['isEmail'];
}

/**
 * Builds a {@link UiText} from a locale file, with the platform's one message formatter and its date,
 * size and e-mail helpers. Dates are written by the browser's Intl in the locale of `lang` (nothing to
 * fetch, Arabic included). A broken message never throws: the raw text (or key) is shown instead.
 */
export function createUiText(options: UiTextOptions): UiText {
  const t = createTranslate({ locale: options.lang, messages: options.messages, ...(options.fallback ? { fallback: { locale: 'en', messages: options.fallback } } : {}) });
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
