/**
 * Canned replies: texts an operator inserts into the console's composer by a shortcut. A reply is shared
 * by a channel (administrators edit it) or personal (its operator's own). Its text may hold variables
 * (`{{visitor.name}}`, with an optional fallback `{{visitor.name | there}}`), parsed and filled here, in
 * one place, for the server's check on saving and the console's preview and insertion.
 */

/** The operator's personal replies and the shared ones of the channels it may read: `{}` → {@link CannedReplyList}. */
export const CANNED_REPLIES_ROUTE = '/im_livechat/operator/canned_replies';
/** Adds a reply: `{channel_id (null for a personal one), shortcut, text}` → {@link CannedReply}. */
export const CREATE_CANNED_REPLY_ROUTE = '/im_livechat/operator/create_canned_reply';
/** Changes a reply: `{reply_id, shortcut, text}` → {@link CannedReply}. */
export const UPDATE_CANNED_REPLY_ROUTE = '/im_livechat/operator/update_canned_reply';
/** Removes a reply: `{reply_id}` → `true`. */
export const DELETE_CANNED_REPLY_ROUTE = '/im_livechat/operator/delete_canned_reply';
/** What a conversation's variables are filled with: `{session_id}` → {@link CannedReplyValues}. */
export const CANNED_REPLY_VALUES_ROUTE = '/im_livechat/operator/canned_reply_values';

/** A shortcut: letters, digits and `-`, at most {@link CANNED_SHORTCUT_MAX} characters. */
export const CANNED_SHORTCUT_PATTERN = '^[\\p{L}\\p{N}-]{1,32}$';
/** The longest shortcut, in characters. */
export const CANNED_SHORTCUT_MAX = 32;
/** The longest text, in UTF-16 code units (a chat message's room, well within it). */
export const CANNED_TEXT_MAX = 2000;
/** The most replies in one scope (a channel's shared ones, or an operator's personal ones). */
export const CANNED_REPLIES_PER_SCOPE = 500;

/** One canned reply as the console shows it. */
export interface CannedReply {
  id: number;
  /** The channel sharing it, or null for the caller's personal reply. */
  channel_id: number | null;
  shortcut: string;
  text: string;
  /** Whether the caller may change or remove it. */
  editable: boolean;
}

/** A channel whose shared replies the caller reads. */
export interface CannedReplyChannel {
  id: number;
  name: string;
}

/** The answer of {@link CANNED_REPLIES_ROUTE}. */
export interface CannedReplyList {
  replies: CannedReply[];
  channels: CannedReplyChannel[];
}

/** The variables a text may hold. */
export const CANNED_VARIABLES = ['visitor.name', 'visitor.email', 'operator.name', 'channel.name'] as const;
/** One of {@link CANNED_VARIABLES}. */
export type CannedVariable = (typeof CANNED_VARIABLES)[number];

/** A conversation's values of the variables; null where there is none (a visitor who gave no name). */
export type CannedReplyValues = Record<CannedVariable, string | null>;

/** A piece of a parsed text: literal text, or a variable with its fallback. */
export type CannedPart = { kind: 'text'; text: string } | { kind: 'variable'; name: string; fallback: string };

// `{{ name }}` or `{{ name | fallback }}`: no braces inside; anything else stays literal text.
const PLACEHOLDER = /\{\{([^{}|]*)(?:\|([^{}]*))?\}\}/g;

/** The text cut into literal pieces and variables (whatever their names; see {@link unknownVariables}). */
export function parseCannedText(text: string): CannedPart[] {
  const parts: CannedPart[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'variable', name: (match[1] ?? '').trim(), fallback: (match[2] ?? '').trim() });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The names in the text that are not variables, in order, each once. */
export function unknownVariables(text: string): string[] {
  const known = new Set<string>(CANNED_VARIABLES);
  const names = parseCannedText(text).flatMap((p) => (p.kind === 'variable' && !known.has(p.name) ? [p.name] : []));
  return [...new Set(names)];
}

const TRAILING_SPACE = /[ \t]+$/;
const LEADING_SPACE = /^[ \t]+/;
// What may follow an empty variable without the space before it: "Hi {{visitor.name}}, …" → "Hi, …".
const CLOSING = /^[ \t]|^[,.;:!?)\]…]|^$|^\r?\n/;

// What ends a sentence or a line after an empty variable.
const ENDING = /^[.!?…)\]]|^$|^\r?\n/;

/** Joins the text after an empty variable, leaving no double space nor a space before punctuation. */
function joinAfterEmpty(before: string, after: string): [string, string] {
  const atLineStart = before === '' || before.endsWith('\n');
  if (atLineStart) return [before, after.replace(/^[ \t]*[,;:]?[ \t]*/, '')];
  if (!TRAILING_SPACE.test(before) || !CLOSING.test(after)) return [before, after];
  let b = before.replace(TRAILING_SPACE, '');
  let a = after.replace(/^[ \t]+(?=[ \t])/, '');
  // "…, {{visitor.name}}." would end "…,." and "…, {{visitor.name}}, …" read "…,, …": one comma goes.
  if (/[,;:]$/.test(b)) {
    if (ENDING.test(a)) b = b.slice(0, -1);
    else a = a.replace(/^[,;:]/, '');
  }
  return [b, a];
}

/**
 * The text as it will be sent: each variable replaced by its value, else its fallback, else nothing; an
 * empty variable takes the spaces it would leave doubled (or before punctuation) with it.
 */
export function renderCannedText(text: string, values: Partial<CannedReplyValues>): string {
  let out = '';
  let pendingEmpty = false;
  for (const part of parseCannedText(text)) {
    if (part.kind === 'variable') {
      const value = (values[part.name as CannedVariable] ?? '').trim() || part.fallback;
      if (value === '') {
        pendingEmpty = true;
        continue;
      }
      out += value;
    } else if (pendingEmpty) {
      const [before, after] = joinAfterEmpty(out, part.text);
      out = before + after;
    } else {
      out += part.text;
    }
    pendingEmpty = false;
  }
  if (pendingEmpty) out = joinAfterEmpty(out, '').join('');
  return out.replace(LEADING_SPACE, '').trim();
}
