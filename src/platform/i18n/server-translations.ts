/**
 * Extra translations from the server (SPEC.md §7: GET /web/webclient/translations/{cache id} with mods
 * and lang; body shape in PROTOCOL.md §9) merged over the bundled messages, and the locale file
 * (GET /web/webclient/locale/{lang}).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { httpGetJson, httpGetText } from '../rpc/http-get.js';
import { LOCALE_PATH, TRANSLATIONS_PATH } from '../../protocol/routes.js';
import type { RpcClient } from '../rpc/client.js';
import { readLangParameters, type LangParameters } from './lang-parameters.js';
import { englishMessages, type Catalogue, type MessageKey } from './locales.js';
import { Translator } from './translator.js';

/** The translations body as it travels. */
export interface TranslationsBody {
  lang?: string;
  lang_parameters?: Partial<LangParameters> | null;
  modules?: Record<string, { messages?: Array<{ id: string; string: string }> }>;
  multi_lang?: boolean;
}

/** The translations body once read: source text → translation, over every module. */
export interface ServerTranslations {
  lang: string | undefined;
  /** The raw language record, or null when the language is not installed on the server. */
  lang_parameters: Partial<LangParameters> | null;
  /** English source text → translated text. */
  strings: ReadonlyMap<string, string>;
  multi_lang: boolean;
}

/** What to ask the server for. */
export interface ServerTranslationsQuery {
  /** The cache key, e.g. `session.cache_hashes.translations`; it makes the URL cacheable for a year. */
  hash: string;
  /** Module names, sent comma-separated. */
  mods: readonly string[];
  /** The server's language code, e.g. `fr_FR`. */
  lang: string;
  signal?: AbortSignal;
}

/** Reads a translations body defensively: malformed modules or entries are skipped. */
export function readServerTranslations(body: unknown): ServerTranslations {
  const b = (typeof body === 'object' && body !== null ? body : {}) as TranslationsBody;
  const strings = new Map<string, string>();
  for (const module of Object.values(b.modules ?? {})) {
    for (const entry of Array.isArray(module?.messages) ? module.messages : []) {
      if (typeof entry?.id === 'string' && typeof entry.string === 'string' && entry.string !== '') strings.set(entry.id, entry.string);
    }
  }
  return {
    lang: typeof b.lang === 'string' ? b.lang : undefined,
    lang_parameters: typeof b.lang_parameters === 'object' && b.lang_parameters !== null ? b.lang_parameters : null,
    strings,
    multi_lang: b.multi_lang === true,
  };
}

/** GETs the server's translations for some modules in one language. */
export async function loadServerTranslations(client: RpcClient, query: ServerTranslationsQuery): Promise<ServerTranslations> {
  const body = await httpGetJson(client, `${TRANSLATIONS_PATH}/${encodeURIComponent(query.hash)}`, {
    query: { mods: query.mods.join(','), lang: query.lang },
    signal: query.signal,
  });
  return readServerTranslations(body);
}

function parses(message: string): boolean {
  try {
    new IntlMessageFormat(message);
    return true;
  } catch {
    return false;
  }
}

/**
 * A translator whose messages are the server's translation of each key's English text where the server
 * has one, and the bundled ones elsewhere; its lang_parameters are the server's when it sent them.
 * A server string that is not valid ICU MessageFormat is ignored (the server speaks plain text).
 */
export function mergeServerTranslations(translator: Translator, server: ServerTranslations): Translator {
  const merged: Partial<Record<MessageKey, string>> = { ...translator.messages };
  for (const key of Object.keys(englishMessages) as MessageKey[]) {
    const translated = server.strings.get(englishMessages[key]);
    if (translated !== undefined && parses(translated)) merged[key] = translated;
  }
  const messages: Catalogue = merged;
  const lang_parameters: LangParameters = server.lang_parameters
    ? readLangParameters(server.lang_parameters, translator.lang_parameters)
    : { ...translator.lang_parameters };
  return new Translator({ locale: translator.locale, messages, lang_parameters });
}

/** GETs the locale file of a language as text (the server answers JavaScript; it is never evaluated here). */
export function loadLocaleFile(client: RpcClient, lang: string, signal?: AbortSignal): Promise<string> {
  return httpGetText(client, `${LOCALE_PATH}/${encodeURIComponent(lang)}`, { signal });
}
