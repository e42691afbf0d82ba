/**
 * Language negotiation: which supported locale a widget shows, from its `lang` attribute (or an
 * ancestor's, so the page's `<html lang>` counts), then the browser's languages, then English.
 */
import { primaryLanguage } from '../../protocol/language-tag.js';
import { SUPPORTED_LOCALES, type Locale } from './locales.js';

export { canonicalTag } from '../../protocol/canonical-tag.js';
export { primaryLanguage } from '../../protocol/language-tag.js';

/** The supported locale a tag asks for, or undefined. */
export function matchLocale(tag: unknown): Locale | undefined {
  const primary = primaryLanguage(tag);
  return SUPPORTED_LOCALES.find((l) => l === primary);
}

/** The first candidate that names a supported locale, else English. */
export function negotiateLocale(candidates: Iterable<unknown>): Locale {
  for (const candidate of candidates) {
    const match = matchLocale(candidate);
    if (match) return match;
  }
  return 'en';
}

/**
 * The languages a widget's page asks for, best first: the nearest `lang` attribute (the element's own,
 * else an ancestor's, which includes `<html lang>`; inside a shadow root, the host's), then the
 * browser's preferred languages.
 */
export function pageLanguages(element?: Element | null, nav: Pick<Navigator, 'languages' | 'language'> = navigator): string[] {
  const out: string[] = [];
  let node: Element | null | undefined = element;
  while (node) {
    const withLang: Element | null = node.closest('[lang]');
    const lang = withLang?.getAttribute('lang');
    if (lang) {
      out.push(lang);
      break;
    }
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  const html = document.documentElement.getAttribute('lang');
  if (html && !out.includes(html)) out.push(html);
  out.push(...(nav.languages ?? []), nav.language);
  return out.filter((l): l is string => typeof l === 'string' && l !== '');
}
