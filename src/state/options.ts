/**
 * Widget options from the element's attributes (SPEC.md §3 "Widget options"). Attribute values are
 * untrusted strings from the host page: they are checked here and never evaluated; a bad value falls back
 * to the default and is reported, never thrown.
 */
import { browserColorCheck, isSafeColor } from '../platform/text/color.js';

export { browserColorCheck, isSafeColor };

/** How the closed chat shows: the SPEC's tab at the bottom edge, or a round button with an icon. */
export type Launcher = 'tab' | 'bubble';

/** The options every part of the widget reads. */
export interface WidgetOptions {
  channelId: number;
  serverUrl: string;
  buttonText: string;
  buttonBackgroundColor: string | undefined;
  buttonTextColor: string | undefined;
  headerBackgroundColor: string | undefined;
  titleColor: string | undefined;
  inputPlaceholder: string;
  defaultMessage: string;
  defaultUsername: string;
  lang: string;
  launcher: Launcher;
}

/** Attribute values as the element receives them (camelCase, all optional strings). */
export interface RawOptions {
  channelId?: string | null;
  serverUrl?: string | null;
  buttonText?: string | null;
  buttonBackgroundColor?: string | null;
  buttonTextColor?: string | null;
  headerColor?: string | null;
  titleColor?: string | null;
  inputPlaceholder?: string | null;
  defaultMessage?: string | null;
  defaultUsername?: string | null;
  lang?: string | null;
  position?: string | null;
  theme?: string | null;
  launcher?: string | null;
}

/**
 * Values used when an attribute is absent: the channel's option when the server has one, else SPEC.md
 * §2's default (translated). Colours have no SPEC default: absent means the stylesheet's colour.
 */
export interface OptionDefaults {
  buttonText: string;
  inputPlaceholder: string;
  defaultMessage: string;
  defaultUsername: string;
  /** Origin the widget script came from. */
  serverUrl: string;
  /** Language of the host page (`<html lang>`), else "en". */
  lang: string;
  buttonBackgroundColor?: string | undefined;
  buttonTextColor?: string | undefined;
  headerBackgroundColor?: string | undefined;
  titleColor?: string | undefined;
}

/** The channel's settings from `/im_livechat/init`, checked; a key is absent when the channel sets nothing. */
export interface ChannelOptions {
  buttonText?: string;
  defaultMessage?: string;
  inputPlaceholder?: string;
  buttonBackgroundColor?: string;
  buttonTextColor?: string;
  headerBackgroundColor?: string;
  titleColor?: string;
}

const CHANNEL_KEYS = [
  ['buttonText', 'button_text'],
  ['defaultMessage', 'default_message'],
  ['inputPlaceholder', 'input_placeholder'],
  ['buttonBackgroundColor', 'button_background_color'],
  ['buttonTextColor', 'button_text_color'],
  ['headerBackgroundColor', 'header_background_color'],
  ['titleColor', 'title_color'],
] as const;

/**
 * Reads the `options` of an init answer. The server checks what admins save, but the answer crosses the
 * network into the host page, so it gets the attributes' checks: colours must be colours, texts are
 * capped; `false`, absent or malformed keys are left out. Only the welcome message may be empty (none).
 */
export function channelOptionsFromWire(wire: unknown, colorCheck: (v: string) => boolean = browserColorCheck): ChannelOptions {
  const out: ChannelOptions = {};
  if (!wire || typeof wire !== 'object') return out;
  for (const [key, wireKey] of CHANNEL_KEYS) {
    const v = (wire as Record<string, unknown>)[wireKey];
    if (typeof v !== 'string') continue;
    if (key.endsWith('Color')) {
      if (isSafeColor(v, colorCheck)) out[key] = v.trim();
    } else if (v.trim() || key === 'defaultMessage') out[key] = v.trim().slice(0, MAX_TEXT);
  }
  return out;
}

/** One attribute that was ignored (its kebab-case name and value), and why. */
export interface OptionProblem {
  attribute: string;
  value: string;
  reason: string;
}

/**
 * Attribute values once checked: undefined where the attribute is absent or was rejected, so the
 * channel's setting or the default applies. `defaultMessage` may be `""`: no welcome message.
 */
export interface AttributeOptions {
  /** 0 when absent or not a positive integer: the widget stays hidden. */
  channelId: number;
  serverUrl: string | undefined;
  buttonText: string | undefined;
  buttonBackgroundColor: string | undefined;
  buttonTextColor: string | undefined;
  headerBackgroundColor: string | undefined;
  titleColor: string | undefined;
  inputPlaceholder: string | undefined;
  defaultMessage: string | undefined;
  defaultUsername: string | undefined;
  lang: string | undefined;
  launcher: Launcher;
}

/** Checked attributes plus what was rejected. */
export interface ParsedAttributes {
  attributes: AttributeOptions;
  problems: OptionProblem[];
}

/** Parsed options plus what was rejected. */
export interface ParsedOptions {
  options: WidgetOptions;
  problems: OptionProblem[];
}

const MAX_TEXT = 200;
const LANG = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i;

function text(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v ? v.slice(0, MAX_TEXT) : undefined;
}

function origin(value: string | null | undefined, base: string, problems: OptionProblem[]): string | undefined {
  if (!value || !value.trim()) return undefined;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    // A path is kept: the server may sit behind a reverse proxy under a prefix.
    return (url.origin + url.pathname).replace(/\/+$/, '');
  } catch {
    problems.push({ attribute: 'server-url', value, reason: 'not an http(s) URL' });
    return undefined;
  }
}

/**
 * Checks raw attribute values. `channel-id` must be a positive integer; colours must be colours; texts
 * are trimmed and capped; a relative `server-url` is read against `serverBase`. Never throws.
 */
export function parseAttributes(raw: RawOptions, serverBase: string, colorCheck: (v: string) => boolean = browserColorCheck): ParsedAttributes {
  const problems: OptionProblem[] = [];
  const channelText = raw.channelId ?? '';
  const channel = Number(channelText.trim());
  const channelId = Number.isSafeInteger(channel) && channel > 0 ? channel : 0;
  if (channelId === 0) problems.push({ attribute: 'channel-id', value: channelText, reason: 'must be a positive integer' });
  const color = (attribute: string, value: string | null | undefined): string | undefined => {
    if (value === null || value === undefined || value.trim() === '') return undefined;
    if (isSafeColor(value, colorCheck)) return value.trim();
    problems.push({ attribute, value, reason: 'not a colour' });
    return undefined;
  };
  // The stylesheets read these from the host attribute itself (`:host([position="left" i])`), so only
  // the exact words, in any case, take effect: anything else is the default, and reported.
  const choice = <T extends string>(attribute: string, value: string | null | undefined, allowed: readonly [T, ...T[]]): T => {
    const v = value?.toLowerCase() as T | undefined;
    if (v && allowed.includes(v)) return v;
    if (value) problems.push({ attribute, value, reason: `not one of ${allowed.join(', ')}` });
    return allowed[0];
  };
  choice('position', raw.position, ['right', 'left']);
  choice('theme', raw.theme, ['light', 'dark', 'auto']);
  const lang = raw.lang?.trim();
  // The welcome text may be set to nothing on purpose: an empty attribute suppresses the welcome bubble
  // (PROTOCOL.md §2.1, widget defaults apply to missing keys only).
  const defaultMessage = raw.defaultMessage?.trim().slice(0, MAX_TEXT);
  return {
    problems,
    attributes: {
      channelId,
      serverUrl: origin(raw.serverUrl, serverBase, problems),
      buttonText: text(raw.buttonText),
      buttonBackgroundColor: color('button-background-color', raw.buttonBackgroundColor),
      buttonTextColor: color('button-text-color', raw.buttonTextColor),
      headerBackgroundColor: color('header-color', raw.headerColor),
      titleColor: color('title-color', raw.titleColor),
      inputPlaceholder: text(raw.inputPlaceholder),
      defaultMessage,
      defaultUsername: text(raw.defaultUsername),
      lang: lang && LANG.test(lang) ? lang : undefined,
      launcher: choice('launcher', raw.launcher, ['tab', 'bubble']),
    },
  };
}

/** The options: each checked attribute when set, else its default (the channel's setting or the SPEC's). */
export function resolveOptions(a: AttributeOptions, defaults: OptionDefaults): WidgetOptions {
  return {
    channelId: a.channelId,
    serverUrl: a.serverUrl ?? defaults.serverUrl,
    buttonText: a.buttonText ?? defaults.buttonText,
    buttonBackgroundColor: a.buttonBackgroundColor ?? defaults.buttonBackgroundColor,
    buttonTextColor: a.buttonTextColor ?? defaults.buttonTextColor,
    headerBackgroundColor: a.headerBackgroundColor ?? defaults.headerBackgroundColor,
    titleColor: a.titleColor ?? defaults.titleColor,
    inputPlaceholder: a.inputPlaceholder ?? defaults.inputPlaceholder,
    defaultMessage: a.defaultMessage ?? defaults.defaultMessage,
    defaultUsername: a.defaultUsername ?? defaults.defaultUsername,
    lang: a.lang ?? defaults.lang,
    launcher: a.launcher,
  };
}

/** Checks raw attribute values and fills in the defaults. Never throws. */
export function parseOptions(raw: RawOptions, defaults: OptionDefaults, colorCheck: (v: string) => boolean = browserColorCheck): ParsedOptions {
  const { attributes, problems } = parseAttributes(raw, defaults.serverUrl, colorCheck);
  return { problems, options: resolveOptions(attributes, defaults) };
}
