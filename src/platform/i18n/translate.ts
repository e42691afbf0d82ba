/**
 * The one message formatter of the widget and the console: `t(key, values)` formats an ICU message
 * (source text or the precompiled syntax tree of the widget's build) with intl-messageformat, falls back
 * to a second catalogue (English) for a key the language lacks or a message that does not parse, and
 * never throws: a text problem must never break the host page.
 */
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { canonicalTag } from '../../protocol/language-tag.js';
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
}

interface Source {
  message: IcuMessage;
  locale: string;
}

type Compiled = { format: IntlMessageFormat; source: IcuMessage } | { text: string };

// An untrusted tag such as "??" must not break formatting.
const formattingLocale = (tag: string): string => canonicalTag(tag) ?? 'en-US';

function compile(source: Source): IntlMessageFormat | undefined {
  try {
    return new IntlMessageFormat(source.message, formattingLocale(source.locale));
  } catch {
    return undefined;
  }
}

/** A formatter over `options`; compiled messages are cached per key. */
export function createTranslate(options: TranslateOptions): Translate {
  const cache = new Map<MessageKey, Compiled>();
  const own = (key: MessageKey): Source | undefined => {
    const message = options.messages[key];
    return message === undefined || message === '' ? undefined : { message, locale: options.locale };
  };
  const fallback = (key: MessageKey): Source | undefined => {
    const message = options.fallback?.messages[key];
    return message === undefined ? undefined : { message, locale: options.fallback!.locale };
  };
  const compiled = (key: MessageKey): Compiled => {
    const cached = cache.get(key);
    if (cached) return cached;
    const candidates = [own(key), fallback(key)].filter((s): s is Source => s !== undefined);
    let result: Compiled = { text: candidates[0] ? messageText(candidates[0].message) : key };
    for (const candidate of candidates) {
      const format = compile(candidate);
      if (format) {
        result = { format, source: candidate.message };
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
      const out = c.format.format(values);
      return typeof out === 'string' ? out : String(out);
    } catch {
      // A missing value: the message's own words, with `{name}` for each argument.
      return messageText(c.source);
    }
  };
}
