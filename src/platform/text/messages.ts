import { englishMessages, type MessageKey } from '../i18n/locales.js';
import { createTranslate, type MessageValues, type Translate } from '../i18n/translate.js';

export type { MessageKey, MessageValues, Translate };

/** A user-visible text not yet translated: what errors of the platform layer carry for the UI. */
export interface MessageRef {
  key: MessageKey;
  values?: MessageValues;
}

/**
 * Renders a message from the English source catalogue. Used for `Error.message` (console and logs) and as
 * the default when no translate function is given; the UI translates the {@link MessageRef} instead.
 */
export const englishText: Translate = createTranslate({ locale: 'en', messages: englishMessages });
