/**
 * The console's translator: the shared formatter ({@link createTranslate}) over one language's catalogue
 * with English behind it, plus the language's direction and locale parameters.
 */
import { directionOf, type TextDirection } from './direction.js';
import { DEFAULT_LANG_PARAMETERS, type LangParameters } from './lang-parameters.js';
import { englishMessages, loadCatalogue, type Catalogue, type Locale, type MessageKey } from './locales.js';
import { createTranslate, type MessageValues, type Translate } from './translate.js';

export type { MessageValues } from './translate.js';

/** How a translator is built. */
export interface TranslatorOptions {
  locale: Locale;
  /** The language's messages; missing keys fall back to English. */
  messages: Catalogue;
  /** Locale parameters; defaults to US English with the language's direction. */
  lang_parameters?: LangParameters;
}

/** Formats messages of one language. Immutable: merging server translations makes a new one. */
export class Translator {
  /** The language messages are formatted in. */
  readonly locale: Locale;
  /** The text direction of that language. */
  readonly direction: TextDirection;
  /** Date, time and number conventions of that language (SPEC.md §9 defaults). */
  readonly lang_parameters: Readonly<LangParameters>;
  readonly #messages: Catalogue;
  readonly #translate: Translate;

  constructor(options: TranslatorOptions) {
    this.locale = options.locale;
    this.#messages = options.messages;
    this.lang_parameters = Object.freeze(options.lang_parameters ?? { ...DEFAULT_LANG_PARAMETERS, direction: directionOf(options.locale) });
    this.direction = this.lang_parameters.direction;
    this.#translate = createTranslate({ locale: options.locale, messages: options.messages, fallback: { locale: 'en', messages: englishMessages } });
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
   * The formatted message. A key the language lacks, or whose translation does not parse, uses English;
   * a key unknown to English comes back as the key itself; a message that cannot be formatted (e.g. a
   * value is missing) comes back as its unformatted text. None of these throws.
   */
  t(key: MessageKey, values?: MessageValues): string {
    return this.has(key) ? this.#translate(key, values) : key;
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
