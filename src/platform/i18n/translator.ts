/**
 * The translator: `t(key, values)` formats a message of the current language with intl-messageformat,
 * falling back to English for a key the language lacks. Compiled messages are cached per key.
 */
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { directionOf, type TextDirection } from './direction.js';
import { DEFAULT_LANG_PARAMETERS, type LangParameters } from './lang-parameters.js';
import { englishMessages, loadCatalogue, type Catalogue, type Locale, type MessageKey } from './locales.js';

/** Values a message may interpolate. */
export type MessageValues = Record<string, PrimitiveType>;

/** How a translator is built. */
export interface TranslatorOptions {
  locale: Locale;
  /** The language's messages; missing keys fall back to English. */
  messages: Catalogue;
  /** Locale parameters; defaults to US English with the language's direction. */
  lang_parameters?: LangParameters;
}

type Compiled = { kind: 'ok'; format: IntlMessageFormat; source: string } | { kind: 'broken'; source: string };

/** Formats messages of one language. Immutable: merging server translations makes a new one. */
export class Translator {
  /** The language messages are formatted in. */
  readonly locale: Locale;
  /** The text direction of that language. */
  readonly direction: TextDirection;
  /** Date, time and number conventions of that language (SPEC.md §9 defaults). */
  readonly lang_parameters: Readonly<LangParameters>;
  readonly #messages: Catalogue;
  readonly #compiled = new Map<MessageKey, Compiled>();

  constructor(options: TranslatorOptions) {
    this.locale = options.locale;
    this.#messages = options.messages;
    this.lang_parameters = Object.freeze(options.lang_parameters ?? { ...DEFAULT_LANG_PARAMETERS, direction: directionOf(options.locale) });
    this.direction = this.lang_parameters.direction;
  }

  /** The messages this translator formats (its language's, without the English fallback). */
  get messages(): Catalogue {
    return this.#messages;
  }

  /** True when the key exists (in this language or in English). */
  has(key: string): key is MessageKey {
    return Object.prototype.hasOwnProperty.call(englishMessages, key);
  }

  /**
   * The formatted message. A key the language lacks uses English; a key unknown to English comes back
   * as the key itself; a message that cannot be formatted (e.g. a value is missing) comes back as its
   * unformatted text. None of these throws: a text problem must never break the host page.
   */
  t(key: MessageKey, values?: MessageValues): string {
    if (!this.has(key)) return key;
    const compiled = this.#compile(key);
    if (compiled.kind === 'broken') return compiled.source;
    try {
      const out = compiled.format.format(values);
      return typeof out === 'string' ? out : String(out);
    } catch {
      return compiled.source;
    }
  }

  #source(key: MessageKey): { text: string; locale: Locale } {
    const own = this.#messages[key];
    return typeof own === 'string' && own !== '' ? { text: own, locale: this.locale } : { text: englishMessages[key], locale: 'en' };
  }

  #compile(key: MessageKey): Compiled {
    const cached = this.#compiled.get(key);
    if (cached) return cached;
    let compiled: Compiled;
    const source = this.#source(key);
    try {
      compiled = { kind: 'ok', format: new IntlMessageFormat(source.text, source.locale), source: source.text };
    } catch {
      // A translation that does not parse falls back to English, which the locale test proves valid.
      try {
        compiled = { kind: 'ok', format: new IntlMessageFormat(englishMessages[key], 'en'), source: englishMessages[key] };
      } catch {
        compiled = { kind: 'broken', source: englishMessages[key] };
      }
    }
    this.#compiled.set(key, compiled);
    return compiled;
  }
}

/** The English translator, available synchronously (English is in the eager bundle). */
export function englishTranslator(): Translator {
  return new Translator({ locale: 'en', messages: englishMessages });
}

/** A translator for a supported language, loading its messages on demand. */
export async function loadTranslator(locale: Locale): Promise<Translator> {
  return new Translator({ locale, messages: await loadCatalogue(locale) });
}
