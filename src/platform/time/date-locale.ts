// The languages the widget has texts for (locales/*.json). Dates follow the language of the texts, so a
// page in German does not get German dates around English words.
const TRANSLATED = new Set(['en', 'fr', 'ar']);

/** SPEC.md §9: the default locale is US English. */
export const DEFAULT_DATE_LOCALE = 'en-US';

/**
 * The BCP 47 locale that dates are written in for a language tag in either spelling (`fr_BE`, `fr-BE`,
 * `ar`). The region is kept, as it picks the local form (`ar-MA` writes Latin digits, `en-GB` puts the
 * day first); languages the widget has no translation for, and tags that are no language tag, get US
 * English.
 */
export function dateLocaleFor(lang: string | undefined): string {
  const tag = (lang ?? '').trim().replace(/_/g, '-');
  if (!TRANSLATED.has(tag.split('-')[0]!.toLowerCase())) return DEFAULT_DATE_LOCALE;
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? DEFAULT_DATE_LOCALE;
  } catch {
    // `fr-%%` passes the language check but is no locale: its language alone is still one.
    return Intl.getCanonicalLocales(tag.split('-')[0]!)[0] ?? DEFAULT_DATE_LOCALE;
  }
}
