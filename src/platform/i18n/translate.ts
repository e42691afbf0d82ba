/**
 * The one message formatter of the widget and the console: `t(key, values)` formats an ICU message
 * (source text or the precompiled syntax tree of the widget's build) with intl-messageformat's
 * `formatToParts`, falls back to a second catalogue (English) for a key the language lacks or a message
 * that does not parse, and never throws: a text problem must never break the host page.
 *
 * The widget calls `formatToParts` itself rather than building an `IntlMessageFormat` per message: the
 * class only adds option merging and caches around the same function, and every host page would download
 * them. Source text is parsed by intl-messageformat's own parser, which the widget's build replaces with
 * one that refuses (its messages are precompiled).
 */
import { parse } from '@formatjs/icu-messageformat-parser';
import { formatToParts, type Formats, type Formatters, type PrimitiveType } from 'intl-messageformat';
import { canonicalTag } from '../../protocol/canonical-tag.js';
import { messageText, type IcuMessage } from './icu-message.js';
import type { MessageKey } from './locales.js';

/** Values a message may interpolate (`{count}`, `{first}`, …). */
export type MessageValues = Record<string, PrimitiveType>;

/** Messages of one language, by key; a language may lack keys. */
export type Messages = Readonly<Partial<Record<MessageKey, IcuMessage>>>;

/** Formats the message of `key`. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The catalogues a {@link Translate} reads. */
export interface TranslateOptions {
  /** Language tag the messages are written in (any spelling: `fr_BE`, `fr-BE`). */
  locale: string;
  messages: Messages;
  /** Used for a key `messages` lacks or leaves empty, or whose message does not parse. */
  fallback?: { locale: string; messages: Messages };
  /**
   * Named styles of number, date and time arguments (`{n, number, percent}`); the bundled catalogues use
   * none (a test checks), so only messages from elsewhere need intl-messageformat's `IntlMessageFormat.formats`.
   */
  formats?: Formats;
}

type Tree = Exclude<IcuMessage, string>;

type Compiled = { tree: Tree; locale: string; source: IcuMessage } | { text: string };

// An untrusted tag such as "??" must not break formatting.
const formattingLocale = (tag: string): string => canonicalTag(tag) ?? 'en-US';

const NO_FORMATS: Formats = { number: {}, date: {}, time: {} };

function cachedBy<A extends unknown[], T>(make: (...args: A) => T): (...args: A) => T {
  const cache = new Map<string, T>();
  return (...args) => {
    const key = JSON.stringify(args);
    let made = cache.get(key);
    if (made === undefined) cache.set(key, (made = make(...args)));
    return made;
  };
}

/** Intl formatters, one per locale and options, shared by every translator of the page. */
const formatters: Formatters = {
  getNumberFormat: cachedBy((locales, options) => new Intl.NumberFormat(locales, options)),
  getDateTimeFormat: cachedBy((...args) => new Intl.DateTimeFormat(...args)),
  getPluralRules: cachedBy((...args) => new Intl.PluralRules(...args)),
};

function treeOf(message: IcuMessage): Tree | undefined {
  try {
    const tree = typeof message === 'string' ? parse(message) : message;
    return Array.isArray(tree) ? tree : undefined;
  } catch {
    return undefined;
  }
}

/** The formatted text (the widget's and the console's values are all text and numbers). */
function formatTree(compiled: { tree: Tree; locale: string }, values: MessageValues | undefined, formats: Formats): string {
  return formatToParts(compiled.tree, compiled.locale, formatters, formats, values)
    .map((part) => String(part.value))
    .join('');
}

/** A formatter over `options`; messages are parsed once per key. */
export function createTranslate(options: TranslateOptions): Translate {
  const cache = new Map<MessageKey, Compiled>();
  const formats = options.formats ?? NO_FORMATS;
  const candidates = (key: MessageKey): { message: IcuMessage; locale: string }[] => {
    const own = options.messages[key];
    const fallback = options.fallback?.messages[key];
    return [
      ...(own === undefined || own === '' ? [] : [{ message: own, locale: options.locale }]),
      ...(fallback === undefined ? [] : [{ message: fallback, locale: options.fallback!.locale }]),
    ];
  };
  const compiled = (key: MessageKey): Compiled => {
    const cached = cache.get(key);
    if (cached) return cached;
    const sources = candidates(key);
    let result: Compiled = { text: sources[0] ? messageText(sources[0].message) : key };
    for (const source of sources) {
      const tree = treeOf(source.message);
      if (tree) {
        result = { tree, locale: formattingLocale(source.locale), source: source.message };
        break;
      }
    }
    cache.set(key, result);
    return result;
  };
  return (key, values) => {
    const c = compiled(key);
    if ('text' in c) return c.text;
    try {
      return formatTree(c, values, formats);
    } catch {
      // A missing value: the message's own words, with `{name}` for each argument.
      return messageText(c.source);
    }
  };
}
