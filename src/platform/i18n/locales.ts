/**
 * The bundled message catalogues (locales/<lang>.json, ICU MessageFormat). English is imported eagerly
 * and is the source of truth for keys; every other language is a dynamic import, so the widget's eager
 * bundle carries English only and a French page fetches French on demand.
 */
import en from '../../../locales/en.json';

/** Languages the widget ships messages for. */
export const SUPPORTED_LOCALES = ['en', 'fr', 'ar'] as const;

/** A language the widget ships messages for. */
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** The key of a message; the keys of locales/en.json. */
export type MessageKey = keyof typeof en;

/** A catalogue: message key → ICU message. Translations may lack keys; English has them all. */
export type Catalogue = Readonly<Partial<Record<MessageKey, string>>>;

/** The English catalogue, complete by definition. */
export const englishMessages: Readonly<Record<MessageKey, string>> = en;

/** Narrows any string to a supported locale. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

// One literal import() per language: bundlers split each into its own chunk only for literal paths.
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  fr: () => import('../../../locales/fr.json'),
  ar: () => import('../../../locales/ar.json'),
};

const loaded = new Map<Locale, Promise<Catalogue>>();

/**
 * The catalogue of a language, loaded once. A failed load (e.g. the chunk is unreachable) is not cached
 * so a later call may retry.
 */
export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  if (locale === 'en') return Promise.resolve(englishMessages);
  const cached = loaded.get(locale);
  if (cached) return cached;
  const loading = loaders[locale]().then((module) => module.default);
  loaded.set(locale, loading);
  loading.catch(() => loaded.delete(locale));
  return loading;
}
