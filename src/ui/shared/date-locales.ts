import type { Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';

// US English is bundled (SPEC.md §9's default); the others are chunks fetched for the language in use,
// like the locale files, so an English page never downloads French or Arabic month names.
const LOADERS: Record<string, () => Promise<Locale>> = {
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  ar: () => import('date-fns/locale/ar').then((m) => m.ar),
};

const loaded = new Map<string, Locale>([['en', enUS]]);

const primary = (lang: string | undefined): string => (lang ?? '').split(/[-_]/)[0]!.toLowerCase();

/**
 * The date-fns locale of a language tag in either spelling (`fr_BE`, `fr-BE`), once
 * {@link loadDateLocale} has fetched it; US English until then and for languages without a translation.
 */
export function dateLocaleFor(lang: string | undefined): Locale {
  return loaded.get(primary(lang)) ?? enUS;
}

/** Fetches the date-fns locale of `lang`; a failed fetch leaves US English (dates stay readable). */
export async function loadDateLocale(lang: string | undefined): Promise<Locale> {
  const key = primary(lang);
  const load = LOADERS[key];
  if (!load || loaded.has(key)) return dateLocaleFor(lang);
  try {
    loaded.set(key, await load());
  } catch {
    // Offline or blocked chunk: English dates rather than an error in the host page.
  }
  return dateLocaleFor(lang);
}
