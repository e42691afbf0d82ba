/**
 * Conversation tags (the desk's labels): route paths, bounds and colours, shared by the server and the
 * console. TypeBox-free; the schemas are in ../schemas/tags.ts.
 */

/** The tags of the operator's channels (every channel for an admin). */
export const TAGS_ROUTE = '/im_livechat/operator/tags';
/** The tags on some conversations. */
export const CONVERSATION_TAGS_ROUTE = '/im_livechat/operator/conversation_tags';
/** Puts a tag on a conversation, by name; a new name makes a new tag of the conversation's channel. */
export const ADD_CONVERSATION_TAG_ROUTE = '/im_livechat/operator/add_conversation_tag';
/** Takes a tag off a conversation. */
export const REMOVE_CONVERSATION_TAG_ROUTE = '/im_livechat/operator/remove_conversation_tag';
/** Admin: renames or recolours a tag. */
export const UPDATE_TAG_ROUTE = '/im_livechat/operator/admin/update_tag';
/** Admin: deletes a tag (it leaves every conversation). */
export const DELETE_TAG_ROUTE = '/im_livechat/operator/admin/delete_tag';

/** Longest tag name, in UTF-16 code units. */
export const TAG_NAME_MAX = 32;
/** Tags one channel may have. */
export const TAGS_PER_CHANNEL_MAX = 200;
/** Tags one conversation may carry. */
export const TAGS_PER_CONVERSATION_MAX = 10;
/** Conversations one `conversation_tags` call may ask about (the list shows at most 50). */
export const TAGGED_CONVERSATIONS_MAX = 100;

/**
 * The palette: chip backgrounds whose text colour (dark or light, below) keeps at least 4.5:1, in both
 * console themes since the chip carries its own background.
 */
export const TAG_PALETTE = {
  gray: '#5f6b7a',
  red: '#b42318',
  orange: '#f79009',
  yellow: '#fde272',
  green: '#067647',
  teal: '#0e9384',
  blue: '#175cd3',
  purple: '#6941c6',
  pink: '#c11574',
} as const;

/** A palette colour's name. */
export type TagPaletteName = keyof typeof TAG_PALETTE;
/** The colour a tag made by typing its name gets. */
export const DEFAULT_TAG_COLOR: TagPaletteName = 'gray';

/** The chip text colours. */
const DARK_TEXT = '#101828';
const LIGHT_TEXT = '#ffffff';
/** WCAG's minimum contrast for normal text. */
export const TAG_TEXT_CONTRAST_MIN = 4.5;

const HEX_COLOR = /^#[0-9a-f]{6}$/;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A stored colour (a palette name or `#rrggbb`) as `#rrggbb`; gray for anything else. */
export function tagBackground(color: string): string {
  if (Object.hasOwn(TAG_PALETTE, color)) return TAG_PALETTE[color as TagPaletteName];
  return HEX_COLOR.test(color) ? color : TAG_PALETTE.gray;
}

/** The readable text colour on a tag's chip: whichever of dark and light contrasts more. */
export function tagTextColor(color: string): string {
  const bg = tagBackground(color);
  return contrastRatio(bg, DARK_TEXT) >= contrastRatio(bg, LIGHT_TEXT) ? DARK_TEXT : LIGHT_TEXT;
}

/**
 * A colour as stored, or undefined when it is not one: a palette name, or `#rrggbb` (any case) whose chip
 * text keeps {@link TAG_TEXT_CONTRAST_MIN}.
 */
export function normalTagColor(color: string): string | undefined {
  if (Object.hasOwn(TAG_PALETTE, color)) return color;
  const hex = color.trim().toLowerCase();
  if (!HEX_COLOR.test(hex)) return undefined;
  return contrastRatio(hex, tagTextColor(hex)) >= TAG_TEXT_CONTRAST_MIN ? hex : undefined;
}

/** A tag name as typed, trimmed with its inner runs of spaces made one; empty when nothing is left. */
export function normalTagName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** What makes two names the same tag in a channel: case and width do not count. */
export function tagNameKey(name: string): string {
  return normalTagName(name).normalize('NFKC').toLocaleLowerCase('und');
}

/** A tag of a channel. */
export interface ConversationTagInfo {
  id: number;
  channel_id: number;
  name: string;
  /** A palette name or `#rrggbb`. */
  color: string;
}

/** The tags on one conversation. */
export interface TaggedConversation {
  session_id: number;
  tag_ids: number[];
}

/** Bus notice to a channel's operators: a conversation's tags, or the channel's tags, changed. */
export interface TagsChangedPayload {
  info: 'tags_changed';
  channel_id: number;
  /** The conversation whose tags changed; absent when a tag itself was renamed, recoloured or deleted. */
  session_id?: number;
}
