/**
 * The widget's texts: English is bundled (the fallback of every other language); other languages are
 * the platform's catalogue chunks, fetched for the language in use.
 */
import { englishMessages, loadCatalogue, type Catalogue } from '../../platform/i18n/locales.js';
import { matchLocale } from '../../platform/i18n/negotiate.js';
import { createUiText, type UiText } from '../../ui/shared/ui-text.js';
import type { DefaultTexts } from '../../state/options.js';

/** The locale messages of `lang` (English when there is no file or it fails to load). */
export async function loadMessages(lang: string): Promise<Catalogue> {
  const locale = matchLocale(lang);
  if (locale === undefined) return englishMessages;
  try {
    return await loadCatalogue(locale);
  } catch {
    return englishMessages;
  }
}

/** The translator and formatters for `lang`. */
export function uiTextFor(lang: string, messages: Catalogue): UiText {
  return createUiText({ lang: matchLocale(lang) ? lang : 'en', messages, fallback: englishMessages });
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
