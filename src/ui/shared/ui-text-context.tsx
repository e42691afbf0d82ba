import { createContext, useContext, type ReactNode } from 'react';
import { createUiText, type UiText } from './ui-text.js';

// Without a provider the components still render (keys as texts) rather than throw into the host page.
const UiTextContext = createContext<UiText>(createUiText({ lang: 'en', messages: {} }));

/** Props of {@link UiTextProvider}. */
export interface UiTextProviderProps {
  value: UiText;
  children?: ReactNode;
}

/** Gives every component below it the translator and formatters of the widget's language. */
export function UiTextProvider({ value, children }: UiTextProviderProps): React.JSX.Element {
  return <UiTextContext.Provider value={value}>{children}</UiTextContext.Provider>;
}

/** The current {@link UiText}. */
export function useUiText(): UiText {
  return useContext(UiTextContext);
}
