/**
 * The widget's texts: English is bundled (the fallback of every other language); other locale files are
 * separate chunks fetched for the language in use.
 */
import en from '../../../locales/en.json';
import { createUiText, type MessageKey, type UiText } from '../../ui/shared/ui-text.js';
import type { DefaultTexts } from '../attributes.js';

type Messages = Partial<Record<MessageKey, string>>;

const LOADERS: Record<string, () => Promise<{ default: Messages }>> = {
  fr: () => import('../../../locales/fr.json'),
  ar: () => import('../../../locales/ar.json'),
};

const primary = (lang: string): string => lang.toLowerCase().split(/[-_]/)[0] ?? 'en';

/** The locale messages of `lang` (English when there is no file or it fails to load). */
export async function loadMessages(lang: string): Promise<Messages> {
  const load = LOADERS[primary(lang)];
  if (!load) return en;
  try {
    return (await load()).default;
  } catch {
    return en;
  }
}

/** The translator and formatters for `lang`. */
export function uiTextFor(lang: string, messages: Messages): UiText {
  return createUiText({ lang: LOADERS[primary(lang)] ? lang : 'en', messages, fallback: en });
}

/** Attribute defaults in the widget's language. */
export function defaultTexts(ui: UiText): DefaultTexts {
  return {
    buttonText: ui.t('widget.button.text'),
    inputPlaceholder: ui.t('widget.composer.placeholder'),
    defaultMessage: ui.t('widget.defaultMessage'),
    defaultUsername: ui.t('widget.defaultUsername'),
  };
}
