/**
 * Who the visitor is (issue 14 "Knowing who is asking"): the identity a host page gives, the context
 * values it attaches, the channel's pre-chat form, and the visitor card operators read. Shared by the
 * widget, the console and the server, so both sides check the same bounds.
 */
import { FIELD_LIMITS, type ChatMessage } from './livechat.js';
import { textProblem } from './text-checks.js';
import type { Static } from 'typebox';
import type { VisitorCardSchema } from './schemas/console.js';

/**
 * How far the server trusts who the visitor is: `verified` when the host page proved the id (a signed
 * token, or the id's HMAC under the channel's identity secret), `unverified` when it gave only a name or
 * an e-mail address, `anonymous` otherwise. It is about the id alone: whether the name and the address
 * are the site's word is told per field ({@link VisitorCard}).
 */
export type IdentityKind = 'anonymous' | 'unverified' | 'verified';

/** The channel's pre-chat form: none, a name, or a name and an e-mail address. */
export type PrechatForm = 'off' | 'name' | 'name_email';
/** The pre-chat settings, for parameter checks. */
export const PRECHAT_FORMS: readonly PrechatForm[] = ['off', 'name', 'name_email'];

/** Bounds the server enforces on visitor fields; the widget keeps within them. */
export const VISITOR_LIMITS = {
  id: 200,
  /** A signed visitor token (a JWT of an id, a name and an address is a few hundred characters). */
  token: 4096,
  name: FIELD_LIMITS.visitorName,
  email: 254,
  contextEntries: 20,
  contextKey: 200,
  contextValue: 200,
  timeZone: 64,
  language: 35,
  userAgent: 512,
} as const;

/** A visitor hash: hex HMAC-SHA256, 64 digits (either case). */
export const VISITOR_HASH_PATTERN = /^[0-9a-fA-F]{64}$/;

/** Error name (`data.name`) of a refused identity: a wrong hash, or a channel without a secret. */
export const IDENTITY_REJECTED = 'livechat.IdentityRejected';

/**
 * Parameters a widget adds to `/im_livechat/get_session` and sends to `/im_livechat/visitor_update`;
 * all optional. `context` is a JSON object of strings.
 */
export interface VisitorParams {
  visitor_id?: string;
  visitor_hash?: string;
  /** A JWT (HS256 under the channel's identity secret) proving `sub` and its `name` and `email` claims. */
  visitor_token?: string;
  visitor_name?: string;
  visitor_email?: string;
  context?: Record<string, string>;
  time_zone?: string;
  language?: string;
}

/** Who the session belongs to, as `/im_livechat/get_session` and `/im_livechat/visitor_update` answer it. */
export interface VisitorIdentityAnswer {
  identity: IdentityKind;
  /** The verified id, only when `identity` is `verified`. */
  visitor_id?: string;
}

// Names a JavaScript object treats specially: never a context key, whatever the side.
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Context entries that passed the checks, in the host's order, and why the others did not. */
export interface ContextCheck {
  entries: [key: string, value: string][];
  problems: string[];
}

/** Invalid entries reported one by one; any more are counted in one last problem. */
const CONTEXT_PROBLEMS_MAX = 5;

function entryProblem(key: string, value: unknown): string | undefined {
  if (key === '' || key.length > VISITOR_LIMITS.contextKey || textProblem(key)) return 'a key must be 1 to 200 characters of text';
  if (RESERVED_KEYS.has(key)) return `"${key}" is not allowed as a key`;
  if (typeof value !== 'string') return `the value of "${key.slice(0, 40)}" must be a string`;
  if (value.length > VISITOR_LIMITS.contextValue) return `the value of "${key.slice(0, 40)}" must be at most ${VISITOR_LIMITS.contextValue} characters`;
  const problem = textProblem(value);
  return problem ? `the value of "${key.slice(0, 40)}" ${problem}` : undefined;
}

/**
 * Checks a visitor context: a plain object of at most 20 string values, keys and values of at most 200
 * characters of text, no reserved key. `null` and `undefined` are an empty context.
 */
export function checkVisitorContext(value: unknown): ContextCheck {
  if (value === null || value === undefined) return { entries: [], problems: [] };
  if (typeof value !== 'object' || Array.isArray(value)) return { entries: [], problems: ['the context must be an object of strings'] };
  const entries: [string, string][] = [];
  const problems: string[] = [];
  let tooMany = false;
  let unreported = 0;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    const problem = entryProblem(key, item);
    if (!problem && entries.length < VISITOR_LIMITS.contextEntries) entries.push([key, item as string]);
    else if (!problem) tooMany = true;
    // A host page's loop must not turn into thousands of reports.
    else if (problems.length < CONTEXT_PROBLEMS_MAX) problems.push(problem);
    else unreported += 1;
  }
  if (unreported > 0) problems.push(`${unreported} more values are not valid`);
  if (tooMany) problems.push(`the context holds at most ${VISITOR_LIMITS.contextEntries} values`);
  return { entries, problems };
}

/** A browser or operating system as read from the visitor's User-Agent. */
export interface SoftwareName {
  name: string;
  version: string | null;
}

/** What the console's visitor card shows of a conversation's visitor (VisitorCardSchema). */
export type VisitorCard = Static<typeof VisitorCardSchema>;

/** Payload on the session's channels when the visitor's name, identity or context changes. */
export interface VisitorUpdatedPayload {
  info: 'visitor_updated';
  session_id: number;
  name: string;
}

/** One earlier conversation of a verified visitor, as the widget shows it above the current one. */
export interface EarlierConversation {
  id: number;
  /** Epoch milliseconds. */
  created_at: number;
  closed_at: number | null;
  /** Oldest first; the conversation's newest messages only (see EARLIER_MESSAGES_MAX). */
  messages: ChatMessage[];
}

/** At most this many earlier conversations, and messages of each, reach the widget. */
export const EARLIER_CONVERSATIONS_MAX = 10;
export const EARLIER_MESSAGES_MAX = 30;
