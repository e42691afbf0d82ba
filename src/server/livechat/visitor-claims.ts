/**
 * What a widget says about its visitor (issue 14): parsed and bounded here for `/im_livechat/get_session`
 * and `/im_livechat/visitor_update`, then turned into the session's visitor columns.
 */
import type { FastifyRequest } from 'fastify';
import { canonicalTag } from '../../protocol/language-tag.js';
import { VISITOR_LIMITS, checkVisitorContext, type IdentityKind, type VisitorIdentityAnswer } from '../../protocol/visitor.js';
import type { RpcParams } from '../plugins/jsonrpc.js';
import type { Store } from '../store/store.js';
import type { VisitorSessionRow } from '../store/schema.js';
import type { VisitorPatch } from '../store/visitor-queries.js';
import { parseEmailAddress } from '../mail/email-address.js';
import { InvalidParamError, stringParam, textProblem } from './params.js';
import { IdentityRejectedError, hashMatches } from './identity.js';
import { pageHistoryParam } from './page-history.js';

/**
 * The visitor fields of one call. `undefined`: not given (left as it is); `null`: cleared. The id and
 * hash are raw: {@link verifiedVisitorId} checks them.
 */
export interface VisitorClaims {
  id: string | undefined;
  hash: string | undefined;
  name: string | null | undefined;
  email: string | null | undefined;
  context: [string, string][] | null | undefined;
  timeZone: string | undefined;
  language: string | undefined;
  pages: string[] | undefined;
}

const given = (params: RpcParams, key: string): boolean => params[key] !== undefined;
const cleared = (params: RpcParams, key: string): boolean => params[key] === null || params[key] === '';

function nameClaim(params: RpcParams): string | null | undefined {
  if (!given(params, 'visitor_name')) return undefined;
  if (cleared(params, 'visitor_name')) return null;
  return stringParam(params, 'visitor_name', VISITOR_LIMITS.name).trim() || null;
}

function emailClaim(params: RpcParams): string | null | undefined {
  if (!given(params, 'visitor_email')) return undefined;
  if (cleared(params, 'visitor_email')) return null;
  const email = parseEmailAddress(stringParam(params, 'visitor_email', VISITOR_LIMITS.email + 7));
  if (email === undefined || email.length > VISITOR_LIMITS.email) throw new InvalidParamError('visitor_email must be an e-mail address');
  return email;
}

function contextClaim(params: RpcParams): [string, string][] | null | undefined {
  if (!given(params, 'context')) return undefined;
  if (params.context === null) return null;
  const { entries, problems } = checkVisitorContext(params.context);
  if (problems.length > 0) throw new InvalidParamError(`context: ${problems[0]}`);
  return entries;
}

function timeZoneClaim(params: RpcParams): string | undefined {
  if (!given(params, 'time_zone')) return undefined;
  const zone = stringParam(params, 'time_zone', VISITOR_LIMITS.timeZone);
  try {
    // Intl knows the IANA zones; anything else is refused rather than shown to an operator.
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new InvalidParamError('time_zone must be an IANA time zone such as Europe/Paris');
  }
}

function languageClaim(params: RpcParams): string | undefined {
  if (!given(params, 'language')) return undefined;
  const tag = canonicalTag(stringParam(params, 'language', VISITOR_LIMITS.language));
  if (!tag) throw new InvalidParamError('language must be a language tag such as fr-BE');
  return tag;
}

function idClaim(params: RpcParams, key: string, max: number): string | undefined {
  if (!given(params, key) || cleared(params, key)) return undefined;
  const value = stringParam(params, key, max);
  if (value.trim() === '') throw new InvalidParamError(`${key} is empty`);
  return value;
}

/** Parses the visitor fields of a call; any field out of bounds refuses the whole call. */
export function visitorClaims(params: RpcParams): VisitorClaims {
  return {
    id: idClaim(params, 'visitor_id', VISITOR_LIMITS.id),
    // Any text: a hash of the wrong shape is a wrong hash, refused as such by verifiedVisitorId.
    hash: idClaim(params, 'visitor_hash', 128),
    name: nameClaim(params),
    email: emailClaim(params),
    context: contextClaim(params),
    timeZone: timeZoneClaim(params),
    language: languageClaim(params),
    pages: given(params, 'page_history') ? pageHistoryParam(params) : undefined,
  };
}

/**
 * The verified visitor id, undefined when the call claims none; throws {@link IdentityRejectedError} for
 * an id without its hash (or the reverse), a wrong hash, or a channel without a secret.
 */
export async function verifiedVisitorId(store: Store, channelId: number, claims: VisitorClaims): Promise<string | undefined> {
  if (claims.id === undefined && claims.hash === undefined) return undefined;
  if (claims.id === undefined || claims.hash === undefined) throw new IdentityRejectedError();
  const secret = await store.visitors.identitySecret(channelId);
  if (!secret || !hashMatches(secret.secret, claims.id, claims.hash)) throw new IdentityRejectedError();
  return claims.id;
}

function userAgentOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  if (typeof ua !== 'string' || ua === '' || textProblem(ua)) return null;
  return ua.slice(0, VISITOR_LIMITS.userAgent);
}

function acceptedLanguage(request: FastifyRequest): string | null {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return null;
  const first = header.slice(0, 200).split(',')[0]?.split(';')[0]?.trim() ?? '';
  return first === '' || first === '*' ? null : (canonicalTag(first) ?? null);
}

/** The columns the claims change; the browser's own headers fill what the widget did not say. */
export function visitorPatch(claims: VisitorClaims, request: FastifyRequest, withHeaders: boolean): VisitorPatch {
  const patch: VisitorPatch = {};
  if (claims.email !== undefined) patch.email = claims.email;
  if (claims.context !== undefined) patch.context = claims.context === null || claims.context.length === 0 ? null : JSON.stringify(claims.context);
  if (claims.timeZone !== undefined) patch.time_zone = claims.timeZone;
  if (claims.language !== undefined) patch.language = claims.language;
  if (withHeaders) {
    patch.user_agent = userAgentOf(request);
    if (claims.language === undefined) patch.language = acceptedLanguage(request);
  }
  return patch;
}

/** How far the session's visitor is trusted once the claims apply. */
export function identityKindOf(verifiedId: string | undefined, name: string | null, email: string | null): IdentityKind {
  if (verifiedId !== undefined) return 'verified';
  return name !== null || email !== null ? 'unverified' : 'anonymous';
}

/** Who the session belongs to, as the widget learns it. */
export function identityAnswer(session: Pick<VisitorSessionRow, 'identity' | 'visitor_id'>): VisitorIdentityAnswer {
  return session.identity === 'verified' && session.visitor_id !== null ? { identity: 'verified', visitor_id: session.visitor_id } : { identity: session.identity };
}
