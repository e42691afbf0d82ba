import type { Locale } from 'date-fns';
import { ar } from 'date-fns/locale/ar';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';

const LOCALES: Record<string, Locale> = { en: enUS, fr, ar };

/**
 * The date-fns locale for a language tag in either spelling (`fr_BE`, `fr-BE`, `ar`); languages the widget
 * has no translation for get US English, the default locale of SPEC.md §9.
 */
export function dateLocaleFor(lang: string | undefined): Locale {
  const primary = (lang ?? '').split(/[-_]/)[0]!.toLowerCase();
  return LOCALES[primary] ?? enUS;
}
