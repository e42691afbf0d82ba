import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../../locales/en.json';

/** A key of the English source catalogue (locales/en.json). */
export type MessageKey = keyof typeof en;

/** Values substituted into an ICU message. */
export type MessageValues = Record<string, string | number>;

/**
 * Turns a message key and its values into text in the page's language. The i18n service provides one;
 * platform modules take it as a parameter so that they do not depend on when translations are loaded.
 */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** A user-visible text not yet translated: what errors of the platform layer carry for the UI. */
export interface MessageRef {
  key: MessageKey;
  values?: MessageValues;
}

/**
 * Renders a message from the English source catalogue. Used for `Error.message` (console and logs) and as
 * the default when no translate function is given; the UI translates the {@link MessageRef} instead.
 */
export const englishText: Translate = (key, values) => {
  const text = new IntlMessageFormat(en[key], 'en').format(values);
  return typeof text === 'string' ? text : String(text);
};
