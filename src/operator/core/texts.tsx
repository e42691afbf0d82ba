import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { englishTranslator, type MessageKey, type MessageValues, type TextDirection, type Translator } from '../../platform/i18n/index.js';

const TextContext = createContext<Translator>(englishTranslator());

/** Gives the console's components the translator of the operator's language. */
export function TextProvider({ translator, children }: { translator: Translator; children?: ReactNode }): React.JSX.Element {
  return <TextContext.Provider value={translator}>{children}</TextContext.Provider>;
}

/**
 * The `t(key, values)` of the console's language. The function keeps its identity while the language
 * does, so effects that list it as a dependency do not run again on every render.
 */
export function useT(): (key: MessageKey, values?: MessageValues) => string {
  const translator = useContext(TextContext);
  return useCallback((key: MessageKey, values?: MessageValues) => translator.t(key, values), [translator]);
}

/**
 * The console's language for dates and numbers: the browser's own language may differ (a German browser
 * gets the English console), and dates must read in the language of the text around them.
 */
export function useLocale(): string {
  return useContext(TextContext).locale;
}

/** The direction of the console's language, the one the page is laid out in (main.tsx sets it on the document). */
export function useDirection(): TextDirection {
  return useContext(TextContext).direction;
}
