/**
 * Who the visitor is (issue 14 "Knowing who is asking"): what the host page declares (attributes,
 * `setUser`, `context`), what the visitor typed in the pre-chat form, and the parameters the server
 * reads from that. Values come from the host page: checked here with the server's own bounds, and a bad
 * one is left out and reported, never thrown.
 */
import { atom, type Getter } from 'jotai/vanilla';
import { isEmail } from '../protocol/email-address.js';
import { textProblem } from '../protocol/text-checks.js';
import { VISITOR_HASH_PATTERN, VISITOR_LIMITS, checkVisitorContext, type EarlierConversation, type VisitorParams } from '../protocol/visitor.js';
import { depsOf } from './context.js';
import { INVALID_OPTION_TEXT } from './errors.js';

/**
 * A visitor as a host page describes it: a signed token (its id, and its name and e-mail address if it
 * carries them, verified), or an id with its hash (the id alone verified), a name, an e-mail address.
 */
export interface VisitorUser {
  id?: string;
  hash?: string;
  token?: string;
  name?: string;
  email?: string;
}

/** The visitor attributes as the element receives them, unparsed. */
export interface VisitorAttributes {
  visitorId?: string;
  visitorHash?: string;
  visitorToken?: string;
  visitorName?: string;
  visitorEmail?: string;
  visitorContext?: string;
}

// Base atoms.

/** The visitor of the `visitor-*` attributes, checked. */
const attributeUserAtom = atom<VisitorUser>({});
/** The visitor of `setUser()`, checked; it wins over the attributes until `resetUser()`. */
export const methodUserAtom = atom<VisitorUser | undefined>(undefined);
/** Context entries of the `visitor-context` attribute. */
const attributeContextAtom = atom<[string, string][]>([]);
/** Context entries of the `context` property; once set, they win over the attribute. */
export const propertyContextAtom = atom<[string, string][] | undefined>(undefined);
/** What the visitor typed in the pre-chat form. */
export const prechatAnswersAtom = atom<{ name?: string; email?: string }>({});
/** The identity the server refused ({@link claimKey}): not sent again until the host gives another. */
export const rejectedIdentityAtom = atom<string | undefined>(undefined);
/** The verified visitor's earlier conversations, oldest first, shown above the current one. */
export const earlierConversationsAtom = atom<readonly EarlierConversation[]>([]);

// Derived atoms.

/** The declared visitor: `setUser()` over the attributes, then the pre-chat answers. */
export const declaredUserAtom = atom((get): VisitorUser => {
  const fromMethod = get(methodUserAtom);
  const declared = fromMethod ?? get(attributeUserAtom);
  const answers = get(prechatAnswersAtom);
  return { ...declared, name: declared.name ?? answers.name, email: declared.email ?? answers.email };
});

/** A claimed identity: a token (its `id` read from it, unchecked: the server checks), or an id and its hash. */
export type ClaimedIdentity = { id: string; token: string; hash?: undefined } | { id: string; hash: string; token?: undefined };

/** The `sub` of a token as it reads, to tell one visitor from another here; '' when it does not read. */
function tokenSubject(token: string): string {
  try {
    const bytes = Uint8Array.from(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const { sub } = JSON.parse(new TextDecoder().decode(bytes)) as { sub?: unknown };
    return typeof sub === 'string' ? sub : '';
  } catch {
    return '';
  }
}

/** What a refusal remembers of a claimed identity. */
export function claimKey(claim: ClaimedIdentity): string {
  return `${claim.id}\n${claim.token ?? claim.hash}`;
}

/** The identity to send, unless the server already refused it; a token wins over a hash. */
export const claimedIdAtom = atom((get): ClaimedIdentity | undefined => {
  const { id, hash, token } = get(declaredUserAtom);
  const claim: ClaimedIdentity | undefined = token ? { id: tokenSubject(token), token } : id && hash ? { id, hash } : undefined;
  return claim && get(rejectedIdentityAtom) !== claimKey(claim) ? claim : undefined;
});

/** The context entries in force. */
const contextAtom = atom((get) => get(propertyContextAtom) ?? get(attributeContextAtom));

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function browserLanguage(): string | undefined {
  const lang = globalThis.navigator?.language;
  return lang && lang.length <= VISITOR_LIMITS.language ? lang : undefined;
}

/** What `/im_livechat/get_session` and `/im_livechat/visitor_update` are told about the visitor. */
export function visitorParams(get: Getter): VisitorParams {
  const user = get(declaredUserAtom);
  const claimed = get(claimedIdAtom);
  const context = get(contextAtom);
  const timeZone = browserTimeZone();
  const language = browserLanguage();
  return {
    ...(claimed?.token !== undefined ? { visitor_token: claimed.token } : {}),
    ...(claimed?.hash !== undefined ? { visitor_id: claimed.id, visitor_hash: claimed.hash } : {}),
    ...(user.name ? { visitor_name: user.name } : {}),
    ...(user.email ? { visitor_email: user.email } : {}),
    ...(context.length > 0 ? { context: Object.fromEntries(context) } : {}),
    ...(timeZone ? { time_zone: timeZone } : {}),
    ...(language ? { language } : {}),
  };
}

// Checks.

/** Why a visitor field is refused, or undefined. */
function fieldProblem(key: keyof VisitorUser, value: string): string | undefined {
  const max = key === 'hash' ? 64 : VISITOR_LIMITS[key];
  if (key === 'token') return value.length > max ? `at most ${max} characters` : undefined;
  if (value.length > max) return `at most ${max} characters`;
  if (textProblem(value)) return 'not plain text';
  if (key === 'email' && !isEmail(value)) return 'not an e-mail address';
  return undefined;
}

/** The fields of `raw` that pass the server's checks (a hash of the wrong shape stays: it is refused as a wrong hash). */
function checkUser(raw: unknown, source: string, problems: string[]): VisitorUser {
  const user: VisitorUser = {};
  if (raw === null || raw === undefined) return user;
  if (typeof raw !== 'object') {
    problems.push(`${source}: not an object`);
    return user;
  }
  for (const key of ['id', 'hash', 'token', 'name', 'email'] as const) {
    const value = (raw as Record<string, unknown>)[key];
    if (value === undefined || value === null || value === '') continue;
    const text = typeof value === 'string' ? value.trim() : undefined;
    const problem = text === undefined ? 'not a string' : key === 'hash' ? undefined : fieldProblem(key, text);
    if (problem) problems.push(`${source} ${key} (${problem})`);
    // The id goes into the HMAC as it is: only names and addresses are trimmed.
    else if (text) user[key] = key === 'id' || key === 'hash' || key === 'token' ? (value as string) : text;
  }
  return user;
}

/** Context entries that pass, reporting the others. */
function checkContext(raw: unknown, source: string, problems: string[]): [string, string][] {
  const { entries, problems: found } = checkVisitorContext(raw);
  for (const p of found) problems.push(`${source} (${p})`);
  return entries;
}

/** The `visitor-context` attribute's JSON, or undefined when it is not JSON. */
function parseJson(text: string | undefined, problems: string[]): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    problems.push('visitor-context (not JSON)');
    return undefined;
  }
}

/** Reports each problem as `livechat:error` `invalid_option`. */
export function reportProblems(get: Getter, problems: readonly string[]): void {
  for (const p of problems) depsOf(get).emit('livechat:error', { code: 'invalid_option', message: `${INVALID_OPTION_TEXT}: ${p}` });
}

// Actions.

/** Runs `update`, reports what it refused, and says whether what the server is told changed. */
function declare(get: Getter, update: (problems: string[]) => void): boolean {
  const before = JSON.stringify(visitorParams(get));
  const problems: string[] = [];
  update(problems);
  reportProblems(get, problems);
  return JSON.stringify(visitorParams(get)) !== before;
}

/** New attribute values; true when what the server is told changed. */
export const setVisitorAttributesAtom = atom(null, (get, set, raw: VisitorAttributes): boolean =>
  declare(get, (problems) => {
    set(attributeUserAtom, checkUser({ id: raw.visitorId, hash: raw.visitorHash, token: raw.visitorToken, name: raw.visitorName, email: raw.visitorEmail }, 'visitor', problems));
    set(attributeContextAtom, checkContext(parseJson(raw.visitorContext, problems), 'visitor-context', problems));
  }),
);

/** `setUser()`: replaces the declared visitor; true when what the server is told changed. */
export const setMethodUserAtom = atom(null, (get, set, raw: unknown): boolean => declare(get, (problems) => set(methodUserAtom, checkUser(raw, 'setUser', problems))));

/** The `context` property as the page last set it, valid or not: what the element's property reads back. */
export const contextValueAtom = atom<unknown>(undefined);

/** The `context` property; true when what the server is told changed. */
export const setContextPropertyAtom = atom(null, (get, set, raw: unknown): boolean => {
  set(contextValueAtom, raw);
  return declare(get, (problems) => {
    // undefined hands back to the `visitor-context` attribute.
    if (raw === undefined) return set(propertyContextAtom, undefined);
    const entries = checkContext(raw, 'context', problems);
    // A value that is no object at all is the page's mistake: the context in force stays.
    if (raw === null || (typeof raw === 'object' && !Array.isArray(raw))) set(propertyContextAtom, entries);
  });
});

/** Whether an id and hash are declared with a hash that could be right (64 hex digits). */
export function hashLooksValid(hash: string): boolean {
  return VISITOR_HASH_PATTERN.test(hash);
}
