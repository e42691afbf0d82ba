/**
 * The offline button's default text of each locale ("widget.offline.title"), generated from locales/*.json
 * like ../button-texts.ts, so the button reads as the form's title will without loading the locale files.
 * A Node test regenerates this table and fails when it is stale.
 */
import { primaryLanguage } from '../../protocol/language-tag.js';

export const OFFLINE_TEXTS: Readonly<Record<string, string>> = {
  ar: 'اترك لنا رسالة',
  en: 'Leave us a message',
  fr: 'Laissez-nous un message',
};

/** The offline button's default text for a language tag (its primary subtag), English when unknown. */
export function defaultOfflineText(lang: string): string {
  return OFFLINE_TEXTS[primaryLanguage(lang) ?? ''] ?? (OFFLINE_TEXTS.en as string);
}
