/**
 * The attributes of `<live-chat>` (kebab-case; r2wc maps them to camelCase props) and their parsing
 * into widget options. Values are untrusted: see state/options.ts.
 */
import { parseOptions, type ChannelOptions, type ParsedOptions, type RawOptions } from '../state/options.js';
import { defaultButtonText } from './button-texts.js';

/** The props r2wc reads from attributes, all strings. */
export const ATTRIBUTE_PROPS = {
  channelId: 'string',
  serverUrl: 'string',
  buttonText: 'string',
  buttonBackgroundColor: 'string',
  buttonTextColor: 'string',
  headerColor: 'string',
  titleColor: 'string',
  inputPlaceholder: 'string',
  defaultMessage: 'string',
  defaultUsername: 'string',
  lang: 'string',
  installBannerSelector: 'string',
  trackPages: 'string',
  position: 'string',
  theme: 'string',
  launcher: 'string',
} as const;

/** The attribute props as React receives them. */
export type AttributeProps = { [K in keyof typeof ATTRIBUTE_PROPS]?: string };

// English defaults of SPEC.md §2 and §3; the full widget shows translated defaults through locales/.
const DEFAULT_PLACEHOLDER = 'Ask something ...';
const DEFAULT_MESSAGE = 'How may I help you?';
const DEFAULT_USERNAME = 'Visitor';

/** Whether the page history cookie is kept: anything but `track-pages="false"` keeps it. */
export const tracksPages = (props: AttributeProps): boolean => props.trackPages?.trim().toLowerCase() !== 'false';

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

/** Default texts for absent attributes, in the widget's language. */
export interface DefaultTexts {
  buttonText: string;
  inputPlaceholder: string;
  defaultMessage: string;
  defaultUsername: string;
}

/** The English defaults, with the button text of `lang` (the facade must show what React will show). */
export function eagerDefaults(lang: string): DefaultTexts {
  return { buttonText: defaultButtonText(lang), inputPlaceholder: DEFAULT_PLACEHOLDER, defaultMessage: DEFAULT_MESSAGE, defaultUsername: DEFAULT_USERNAME };
}

/**
 * Parses the element's attribute props; never throws. Each option is the attribute when set, else the
 * channel's setting from `/im_livechat/init`, else the default text of the widget's language.
 */
export function readOptions(props: AttributeProps, texts: (lang: string) => DefaultTexts = eagerDefaults, channel: ChannelOptions = {}): ParsedOptions {
  const raw: RawOptions = props;
  const first = parseOptions(raw, { ...eagerDefaults('en'), serverUrl: scriptOrigin(), lang: pageLanguage() });
  return parseOptions(raw, { ...texts(first.options.lang), ...channel, serverUrl: scriptOrigin(), lang: pageLanguage() });
}
