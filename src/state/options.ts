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

/** Default texts for absent attributes, in the widget's language. */
export interface DefaultTexts {
  buttonText: string;
  inputPlaceholder: string;
  defaultMessage: string;
  defaultUsername: string;
}

/**
 * Values used when an attribute is absent: the channel's option when the server has one, else SPEC.md
 * §2's default (translated). Colours have no SPEC default: absent means the stylesheet's colour.
 */
export interface OptionDefaults extends DefaultTexts {
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
  /**
   * The init answer's `options` as they came, unchecked: what only the React part reads (`visitor_upload`,
   * checked there by uploadPolicyFrom) stays out of the loader's code.
   */
  raw?: unknown;
}

/** How each channel setting is checked (its wire name is the snake_case of its name). */
const CHANNEL_KINDS = {
  buttonText: 'text',
  defaultMessage: 'message',
  inputPlaceholder: 'text',
  buttonBackgroundColor: 'color',
  buttonTextColor: 'color',
  headerBackgroundColor: 'color',
  titleColor: 'color',
} as const satisfies Record<Exclude<keyof ChannelOptions, 'raw'>, string>;

/**
 * Reads the `options` of an init answer. The server checks what admins save, but the answer crosses the
 * network into the host page, so it gets the attributes' checks: colours must be colours, texts are
 * capped; `false`, absent or malformed keys are left out. Only the welcome message may be empty (none).
 */
export function channelOptionsFromWire(wire: unknown, colorCheck: (v: string) => boolean = browserColorCheck): ChannelOptions {
  const out: Record<string, unknown> = { raw: wire };
  if (!wire || typeof wire !== 'object') return out;
  for (const [key, kind] of Object.entries(CHANNEL_KINDS)) {
    const v = (wire as Record<string, unknown>)[caseWith(key, '_')];
    const checked = typeof v === 'string' ? check(kind, v, '', colorCheck) : undefined;
    if (checked && 'value' in checked && checked.value !== undefined) out[key] = checked.value;
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

/**
 * How each attribute is checked, in the order problems are reported: a kind, or the words a choice
 * allows (the first is the default). `position` and `theme` are read by the stylesheets from the host
 * attribute itself (`:host([position="left" i])`), so they are only checked here.
 */
export const ATTRIBUTE_KINDS = {
  channelId: 'id',
  position: ['right', 'left'],
  theme: ['light', 'dark', 'auto'],
  serverUrl: 'url',
  buttonText: 'text',
  buttonBackgroundColor: 'color',
  buttonTextColor: 'color',
  headerColor: 'color',
  titleColor: 'color',
  inputPlaceholder: 'text',
  // The welcome text may be set to nothing on purpose: an empty attribute suppresses the welcome bubble
  // (PROTOCOL.md §2.1, widget defaults apply to missing keys only).
  defaultMessage: 'message',
  defaultUsername: 'text',
  lang: 'lang',
  launcher: ['tab', 'bubble'],
} as const satisfies Record<keyof RawOptions, string | readonly string[]>;

/** The option an attribute sets, where its name differs. */
const OPTION_NAMES: Partial<Record<keyof RawOptions, keyof AttributeOptions>> = { headerColor: 'headerBackgroundColor' };

/** `camelCase` written with `separator` between words: `camel-case`, `camel_case`. */
const caseWith = (name: string, separator: string): string => name.replace(/[A-Z]/g, (c) => separator + c.toLowerCase());

/** A checked value, or the reason it was rejected. */
type Checked = { value: unknown } | { reason: string };

function check(kind: string | readonly string[], raw: string | null | undefined, serverBase: string, colorCheck: (v: string) => boolean): Checked {
  const v = raw?.trim();
  if (typeof kind !== 'string') {
    // Only the exact words, in any case, take effect (the stylesheets match them the same way).
    const word = raw?.toLowerCase();
    if (word && kind.includes(word)) return { value: word };
    return raw ? { reason: `not one of ${kind.join(', ')}` } : { value: kind[0] };
  }
  if (kind === 'id') {
    const id = Number(v ?? '');
    return Number.isSafeInteger(id) && id > 0 ? { value: id } : { reason: 'must be a positive integer' };
  }
  if (kind === 'message') return { value: v?.slice(0, MAX_TEXT) };
  if (!v) return { value: undefined };
  if (kind === 'text') return { value: v.slice(0, MAX_TEXT) };
  if (kind === 'lang') return { value: LANG.test(v) ? v : undefined };
  if (kind === 'color') return isSafeColor(v, colorCheck) ? { value: v } : { reason: 'not a colour' };
  try {
    const url = new URL(v, serverBase);
    // A path is kept: the server may sit behind a reverse proxy under a prefix.
    if (/^https?:$/.test(url.protocol)) return { value: (url.origin + url.pathname).replace(/\/+$/, '') };
  } catch {
    // Not a URL at all: refused below like any other scheme.
  }
  return { reason: 'not an http(s) URL' };
}

/**
 * Checks raw attribute values. `channel-id` must be a positive integer; colours must be colours; texts
 * are trimmed and capped; a relative `server-url` is read against `serverBase`. Never throws.
 */
export function parseAttributes(raw: RawOptions, serverBase: string, colorCheck: (v: string) => boolean = browserColorCheck): ParsedAttributes {
  const problems: OptionProblem[] = [];
  const attributes: Record<string, unknown> = {};
  for (const [name, kind] of Object.entries(ATTRIBUTE_KINDS) as [keyof RawOptions, string | readonly string[]][]) {
    // An absent channel id is reported as an empty one: the widget cannot work without it.
    const value = name === 'channelId' ? (raw.channelId ?? '') : raw[name];
    const checked = check(kind, value, serverBase, colorCheck);
    if ('reason' in checked) problems.push({ attribute: caseWith(name, '-'), value: value ?? '', reason: checked.reason });
    attributes[OPTION_NAMES[name] ?? name] = 'value' in checked ? checked.value : kind === 'id' ? 0 : typeof kind === 'string' ? undefined : kind[0];
  }
  return { problems, attributes: attributes as unknown as AttributeOptions };
}

/** Keys of the options that come from attributes or, when those are unset, from the defaults. */
const DEFAULTED: readonly (keyof OptionDefaults)[] = [
  'serverUrl',
  'buttonText',
  'buttonBackgroundColor',
  'buttonTextColor',
  'headerBackgroundColor',
  'titleColor',
  'inputPlaceholder',
  'defaultMessage',
  'defaultUsername',
  'lang',
];

/** The options: each checked attribute when set, else its default (the channel's setting or the SPEC's). */
export function resolveOptions(a: AttributeOptions, defaults: OptionDefaults): WidgetOptions {
  const options: Record<string, unknown> = { channelId: a.channelId, launcher: a.launcher };
  for (const key of DEFAULTED) options[key] = a[key] ?? defaults[key];
  return options as unknown as WidgetOptions;
}

/** Checks raw attribute values and fills in the defaults. Never throws. */
export function parseOptions(raw: RawOptions, defaults: OptionDefaults, colorCheck: (v: string) => boolean = browserColorCheck): ParsedOptions {
  const { attributes, problems } = parseAttributes(raw, defaults.serverUrl, colorCheck);
  return { problems, options: resolveOptions(attributes, defaults) };
}
