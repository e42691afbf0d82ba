/** Translations, language negotiation, text direction and locale parameters. */
export { SUPPORTED_LOCALES, englishMessages, isLocale, loadCatalogue, type Catalogue, type Locale, type MessageKey } from './locales.js';
export { canonicalTag, matchLocale, negotiateLocale, pageLanguages, primaryLanguage } from './negotiate.js';
export { directionOf, typedTextDir, type TextDirection } from './direction.js';
export { DEFAULT_LANG_PARAMETERS, readLangParameters, type LangParameters } from './lang-parameters.js';
export { Translator, englishTranslator, loadTranslator, type TranslatorOptions } from './translator.js';
export { createTranslate, type MessageValues, type Messages, type Translate, type TranslateOptions } from './translate.js';
export {
  loadLocaleFile,
  loadServerTranslations,
  mergeServerTranslations,
  readServerTranslations,
  type ServerTranslations,
  type ServerTranslationsQuery,
  type TranslationsBody,
} from './server-translations.js';
