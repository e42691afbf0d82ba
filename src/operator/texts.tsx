import { createContext, useContext, type ReactNode } from 'react';
import { englishTranslator, type MessageKey, type MessageValues, type Translator } from '../platform/i18n/index.js';

const TextContext = createContext<Translator>(englishTranslator());

/** Gives the console's components the translator of the operator's language. */
export function TextProvider({ translator, children }: { translator: Translator; children?: ReactNode }): React.JSX.Element {
  return <TextContext.Provider value={translator}>{children}</TextContext.Provider>;
}

/** The `t(key, values)` of the console's language. */
export function useT(): (key: MessageKey, values?: MessageValues) => string {
  const translator = useContext(TextContext);
  return (key, values) => translator.t(key, values);
}
