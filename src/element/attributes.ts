/**
 * The attributes of `<live-chat>` (kebab-case; r2wc maps them to camelCase props) and their parsing
 * into widget options. Values are untrusted: see state/options.ts.
 */
import { ATTRIBUTE_KINDS, parseAttributes, resolveOptions, type AttributeOptions, type ChannelOptions, type DefaultTexts, type OptionProblem, type WidgetOptions } from '../state/options.js';
import { defaultButtonText } from './button-texts.js';
import { isValidSelector } from './install-banner.js';

/**
 * The props r2wc reads from attributes (the camelCase of each kebab-case name), all strings: those the
 * loader checks (state/options.ts, then the two below). The `visitor-*` attributes are not among them: the
 * React part reads and follows them itself (full/visitor-attributes.ts), so they cost the loader nothing.
 */
export const ATTRIBUTE_PROPS = [...(Object.keys(ATTRIBUTE_KINDS) as (keyof typeof ATTRIBUTE_KINDS)[]), 'installBannerSelector', 'trackPages'] as const;

/** The attribute props as r2wc passes them: each a string, or absent. */
export type AttributeProps = { [K in (typeof ATTRIBUTE_PROPS)[number]]?: string };


/** Where the widget script was loaded from: the default `server-url`. */
export function scriptOrigin(): string {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return location.origin;
  }
}

/** The host page's language, from `<html lang>`. */
export function pageLanguage(): string {
  return document.documentElement.lang || 'en';
}

/**
 * The loader's defaults: only the button text of `lang` (the facade must show what React will show). The
 * loader's options serve its buttons alone, so the other texts stay unset there; the React part takes
 * SPEC.md's defaults in the widget's language from locales/ (full/ui-texts.ts), so the loader ships none.
 */
export function eagerDefaults(lang: string): DefaultTexts {
  return { buttonText: defaultButtonText(lang) } as DefaultTexts;
}

/** The element's attributes, checked once per change; what the loader and the React part read. */
export interface ElementAttributes extends AttributeOptions {
  /** A valid selector, or undefined for the default one. */
  installBannerSelector: string | undefined;
  /** Whether the page history cookie is kept: anything but `track-pages="false"` keeps it. */
  trackPages: boolean;
}

/** Checks the attribute props; never throws. Each problem names its attribute and value. */
export function parseElementAttributes(props: AttributeProps): { attributes: ElementAttributes; problems: OptionProblem[] } {
  const { attributes, problems } = parseAttributes(props, scriptOrigin());
  const selector = props.installBannerSelector?.trim();
  const validSelector = selector && isValidSelector(selector) ? selector : undefined;
  if (selector && !validSelector) problems.push({ attribute: 'install-banner-selector', value: selector, reason: 'not a CSS selector' });
  return { problems, attributes: { ...attributes, installBannerSelector: validSelector, trackPages: props.trackPages?.trim().toLowerCase() !== 'false' } };
}

/**
 * The widget options: each the attribute when set, else the channel's setting from `/im_livechat/init`,
 * else the default text of the widget's language.
 */
export function widgetOptions(attributes: AttributeOptions, texts: (lang: string) => DefaultTexts = eagerDefaults, channel: ChannelOptions = {}): WidgetOptions {
  const lang = attributes.lang ?? pageLanguage();
  return resolveOptions(attributes, { ...texts(lang), ...channel, serverUrl: scriptOrigin(), lang });
}
