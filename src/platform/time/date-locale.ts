import { canonicalTag, matchLocale } from '../i18n/negotiate.js';

/** SPEC.md §9: the default locale is US English. */
export const DEFAULT_DATE_LOCALE = 'en-US';

/**
 * The BCP 47 locale that dates are written in for a language tag in either spelling (`fr_BE`, `fr-BE`,
 * `ar`). Dates follow the language of the texts, so only the languages the widget has texts for count (a
 * page in German does not get German dates around English words); the region is kept, as it picks the
 * local form (`ar-MA` writes Latin digits, `en-GB` puts the day first). Anything else gets US English.
 */
export function dateLocaleFor(lang: string | undefined): string {
  const language = matchLocale(lang);
  if (!language) return DEFAULT_DATE_LOCALE;
  // `fr-%%` names a language the widget has but is no locale: its language alone still is one.
  return canonicalTag(lang ?? '') ?? language;
}
