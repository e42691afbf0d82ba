/**
 * Default button text of each locale, generated from locales/*.json ("widget.button.text") so the eager
 * loader's facade shows the same words as the React button without shipping whole locale files.
 * A Node test regenerates this table and fails when it is stale.
 */
import { primaryLanguage } from '../protocol/language-tag.js';

export const BUTTON_TEXTS: Readonly<Record<string, string>> = {
  ar: 'تحدث مع أحد موظفينا',
  en: 'Chat with one of our collaborators',
  fr: "Discutez avec l'un de nos collaborateurs",
};

/** The default button text for a language tag (its primary subtag), English when unknown. */
export function defaultButtonText(lang: string): string {
  return BUTTON_TEXTS[primaryLanguage(lang) ?? ''] ?? (BUTTON_TEXTS.en as string);
}
