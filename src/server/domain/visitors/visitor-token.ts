/**
 * Signed visitor tokens: a JWT the host's server makes (HS256 under the channel's identity secret) that
 * proves the visitor's id and, when it carries them, their name and e-mail address, for a short while.
 * Unlike a visitor hash it expires, and it says which fields the site vouches for.
 */
import { errors, jwtVerify } from 'jose';
import { VISITOR_LIMITS } from '../../../protocol/visitor.js';
import { textProblem } from '../../../protocol/text-checks.js';
import { parseEmailAddress } from '../../../protocol/email-address.js';
import { IdentityRejectedError } from './identity.js';

/** A token may live at most this long: a leaked one is worth a day at most. */
export const VISITOR_TOKEN_MAX_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What a valid token proves: the id always, the name and address only when it carries them. */
export interface VerifiedIdentity {
  id: string;
  name?: string;
  email?: string;
}

function textClaim(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' || text.length > max || textProblem(text) ? undefined : text;
}

/** The claims a token carries, each refused as the route would refuse the same field sent as a parameter. */
function identityOf(payload: Record<string, unknown>): VerifiedIdentity {
  const id = typeof payload.sub === 'string' && payload.sub.trim() !== '' && payload.sub.length <= VISITOR_LIMITS.id && !textProblem(payload.sub) ? payload.sub : undefined;
  if (id === undefined) throw new IdentityRejectedError();
  const identity: VerifiedIdentity = { id };
  if (payload.name !== undefined) {
    identity.name = textClaim(payload.name, VISITOR_LIMITS.name);
    if (identity.name === undefined) throw new IdentityRejectedError();
  }
  if (payload.email !== undefined) {
    identity.email = parseEmailAddress(payload.email);
    if (identity.email === undefined) throw new IdentityRejectedError();
  }
  return identity;
}

/**
 * The identity a token proves under `secret` at `now`; throws {@link IdentityRejectedError} for a bad
 * signature, another algorithm, an expired token, one without `exp` or `sub`, or one that claims to live
 * longer than a day (a token that never really expires is a hash by another name).
 */
export async function verifyVisitorToken(secret: string, token: string, now: number): Promise<VerifiedIdentity> {
  let payload: Record<string, unknown>;
  try {
    // The secret's text is the key, as it is for visitor hashes.
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'], currentDate: new Date(now), requiredClaims: ['exp', 'sub'] }));
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) throw new IdentityRejectedError();
    throw error;
  }
  if (typeof payload.exp !== 'number' || payload.exp * 1000 > now + VISITOR_TOKEN_MAX_LIFETIME_MS) throw new IdentityRejectedError();
  return identityOf(payload);
}
