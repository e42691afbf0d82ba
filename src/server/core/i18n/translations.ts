import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { primaryLanguage } from '../../../protocol/language-tag.js';

/** Language parameters of PROTOCOL.md §9 for each shipped locale. */
const LANG_PARAMETERS: Record<string, { id: number; name: string; code: string; direction: 'ltr' | 'rtl'; date_format: string; time_format: string; grouping: string; decimal_point: string; thousands_sep: string; week_start: number }> = {
  en: { id: 1, name: 'English (US)', code: 'en_US', direction: 'ltr', date_format: '%m/%d/%Y', time_format: '%H:%M:%S', grouping: '[3,0]', decimal_point: '.', thousands_sep: ',', week_start: 7 },
  fr: { id: 2, name: 'Français', code: 'fr_FR', direction: 'ltr', date_format: '%d/%m/%Y', time_format: '%H:%M:%S', grouping: '[3,0]', decimal_point: ',', thousands_sep: '\u202f', week_start: 1 },
  ar: { id: 3, name: 'العربية', code: 'ar_001', direction: 'rtl', date_format: '%d/%m/%Y', time_format: '%H:%M:%S', grouping: '[3,0]', decimal_point: '.', thousands_sep: ',', week_start: 6 },
};

/** The translation catalogs found in locales/, and a hash that changes whenever one of them changes. */
export interface Locales {
  hash: string;
  languages: string[];
  /** The translations body of PROTOCOL.md §9 for a language tag such as `fr_FR`, `fr-FR` or `fr`. */
  body(lang: string | undefined): Record<string, unknown>;
}

/** Maps any tag to a shipped language, falling back to English (SPEC.md §9 "Default locale"). */
export function resolveLanguage(tag: string | undefined, available: string[]): string {
  const base = primaryLanguage(tag) ?? '';
  return available.includes(base) ? base : 'en';
}

/** Reads locales/*.json once at start. A missing or broken file is a start-up error, not a 500 later. */
export function loadLocales(rootDir: string): Locales {
  const dir = path.join(rootDir, 'locales');
  const catalogs = new Map<string, Record<string, string>>();
  const digest = createHash('sha1');
  for (const file of fs.readdirSync(dir).filter((f) => /^[a-z]{2}\.json$/.test(f)).sort()) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    digest.update(file).update(text);
    catalogs.set(file.slice(0, 2), JSON.parse(text) as Record<string, string>);
  }
  const languages = [...catalogs.keys()];
  const hash = digest.digest('hex');
  return {
    hash,
    languages,
    body(tag) {
      const lang = resolveLanguage(tag, languages);
      const catalog = catalogs.get(lang) ?? {};
      const params = LANG_PARAMETERS[lang] ?? LANG_PARAMETERS.en!;
      return {
        lang: params.code,
        lang_parameters: params,
        modules: { livechat: { messages: Object.entries(catalog).map(([id, string]) => ({ id, string })) } },
        multi_lang: languages.length > 1,
      };
    },
  };
}
