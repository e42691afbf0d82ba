/**
 * What a widget says about its visitor (issue 14): parsed and bounded here for `/im_livechat/get_session`
 * and `/im_livechat/visitor_update`, then turned into the session's visitor columns.
 */
import type { FastifyRequest } from 'fastify';
import { canonicalTag } from '../../../protocol/canonical-tag.js';
import { VISITOR_LIMITS, checkVisitorContext, type IdentityKind, type VisitorIdentityAnswer } from '../../../protocol/visitor.js';
import Type, { type Static } from 'typebox';
import type { Store } from '../store/store.js';
import type { VisitorSessionRow } from '../../core/db/tables.js';
import type { VisitorPatch } from './visitor-store.js';
import { parseEmailAddress } from '../../../protocol/email-address.js';
import { textProblem } from '../../../protocol/text-checks.js';
import { InvalidParamError } from '../../core/rpc/errors.js';
import { VisitorParamProperties } from './visitor-schemas.js';
import { IdentityRejectedError, hashMatches } from './identity.js';
import { verifyVisitorToken, type VerifiedIdentity } from './visitor-token.js';
import { checkPageAddresses } from './page-history.js';

/**
 * The visitor fields of one call. `undefined`: not given (left as it is); `null`: cleared. The id, hash
 * and token are raw: {@link verifiedIdentity} checks them.
 */
export interface VisitorClaims {
  id: string | undefined;
  hash: string | undefined;
  token: string | undefined;
  name: string | null | undefined;
  email: string | null | undefined;
  context: [string, string][] | null | undefined;
  timeZone: string | undefined;
  language: string | undefined;
  pages: string[] | undefined;
}

/** The visitor fields as the route's schema accepted them (schemas/visitor.ts). */
type ClaimParams = Static<ReturnType<typeof Type.Object<typeof VisitorParamProperties>>>;
type TextClaim = string | null | false | undefined;

/** An id or hash: null or empty is no claim; blank text is refused rather than taken as none. */
function idClaim(key: string, value: TextClaim): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (value.trim() === '') throw new InvalidParamError(`${key} is empty`);
  return value;
}

/** A name or address: left out (or false) leaves it as it is; null or empty clears it. */
function textClaim(value: TextClaim): string | null | undefined {
  if (value === undefined || value === false) return undefined;
  return value === null || value === '' ? null : value;
}

function nameClaim(value: TextClaim): string | null | undefined {
  const text = textClaim(value);
  return typeof text === 'string' ? text.trim() || null : text;
}

function emailClaim(value: TextClaim): string | null | undefined {
  const text = textClaim(value);
  if (typeof text !== 'string') return text;
  const email = parseEmailAddress(text);
  if (email === undefined || email.length > VISITOR_LIMITS.email) throw new InvalidParamError('visitor_email must be an e-mail address');
  return email;
}

function contextClaim(value: unknown): [string, string][] | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const { entries, problems } = checkVisitorContext(value);
  if (problems.length > 0) throw new InvalidParamError(`context: ${problems[0]}`);
  return entries;
}

function timeZoneClaim(zone: string | undefined): string | undefined {
  if (zone === undefined) return undefined;
  try {
    // Intl knows the IANA zones; anything else is refused rather than shown to an operator.
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new InvalidParamError('time_zone must be an IANA time zone such as Europe/Paris');
  }
}

function languageClaim(language: string | undefined): string | undefined {
  if (language === undefined) return undefined;
  const tag = canonicalTag(language);
  if (!tag) throw new InvalidParamError('language must be a language tag such as fr-BE');
  return tag;
}

/** Reads the visitor fields of a call its schema accepted; any field out of bounds refuses the whole call. */
export function visitorClaims(params: ClaimParams): VisitorClaims {
  return {
    id: idClaim('visitor_id', params.visitor_id),
    // Any text: a hash of the wrong shape is a wrong hash, refused as such by verifiedVisitorId.
    hash: idClaim('visitor_hash', params.visitor_hash),
    token: idClaim('visitor_token', params.visitor_token),
    name: nameClaim(params.visitor_name),
    email: emailClaim(params.visitor_email),
    context: contextClaim(params.context),
    timeZone: timeZoneClaim(params.time_zone),
    language: languageClaim(params.language),
    pages: params.page_history === undefined ? undefined : checkPageAddresses(params.page_history),
  };
}

/**
 * What the call proves about its visitor, undefined when it claims no identity: a token proves its `sub`
 * and whichever of name and e-mail it carries; a hash proves the id alone. Throws
 * {@link IdentityRejectedError} for a bad or expired token, an id without its hash (or the reverse), a
 * wrong hash, an id or hash that disagrees with the token beside it, or a channel without a secret.
 */
export async function verifiedIdentity(store: Store, channelId: number, claims: VisitorClaims, now: number): Promise<VerifiedIdentity | undefined> {
  if (claims.id === undefined && claims.hash === undefined && claims.token === undefined) return undefined;
  const secret = await store.visitors.identitySecret(channelId);
  if (!secret) throw new IdentityRejectedError();
  if (claims.token !== undefined) {
    const verified = await verifyVisitorToken(secret.secret, claims.token, now);
    if (claims.id !== undefined && claims.id !== verified.id) throw new IdentityRejectedError();
    if (claims.hash !== undefined && !hashMatches(secret.secret, verified.id, claims.hash)) throw new IdentityRejectedError();
    return verified;
  }
  if (claims.id === undefined || claims.hash === undefined || !hashMatches(secret.secret, claims.id, claims.hash)) throw new IdentityRejectedError();
  return { id: claims.id };
}

/** The name and e-mail columns a call sets, and the name to show (undefined: left as it is). */
export interface ProvenFields {
  name: string | undefined;
  patch: VisitorPatch;
}

/**
 * The name and e-mail address once the claims apply: a token's claim is verified and replaces the
 * field; the visitor's own word fills (or clears) a field only while no token has vouched for it, so
 * nothing the widget sends afterwards changes what the site signed.
 */
export function provenFields(claims: VisitorClaims, verified: VerifiedIdentity | undefined, current?: Pick<VisitorSessionRow, 'name_verified' | 'email_verified'>): ProvenFields {
  const patch: VisitorPatch = {};
  let name: string | undefined;
  if (verified?.name !== undefined) {
    name = verified.name;
    patch.name_verified = 1;
  } else if (claims.name && !current?.name_verified) {
    name = claims.name;
    patch.name_verified = 0;
  }
  if (verified?.email !== undefined) {
    patch.email = verified.email;
    patch.email_verified = 1;
  } else if (claims.email !== undefined && !current?.email_verified) {
    patch.email = claims.email;
    patch.email_verified = 0;
  }
  return { name, patch };
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

/** The columns the claims change but the identity; the browser's own headers fill what the widget did not say. */
export function visitorPatch(claims: VisitorClaims, request: FastifyRequest, withHeaders: boolean): VisitorPatch {
  const patch: VisitorPatch = {};
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
export function identityKindOf(verified: VerifiedIdentity | undefined, fields: ProvenFields): IdentityKind {
  if (verified !== undefined) return 'verified';
  return fields.name !== undefined || (fields.patch.email ?? null) !== null ? 'unverified' : 'anonymous';
}

/** Who the session belongs to, as the widget learns it. */
export function identityAnswer(session: Pick<VisitorSessionRow, 'identity' | 'visitor_id'>): VisitorIdentityAnswer {
  return session.identity === 'verified' && session.visitor_id !== null ? { identity: 'verified', visitor_id: session.visitor_id } : { identity: session.identity };
}
