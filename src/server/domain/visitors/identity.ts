/**
 * Verified visitor identities (issue 14): a host page proves who its visitor is with the hex
 * HMAC-SHA256 of the visitor's id keyed by the channel's identity secret, computed on the host's server.
 */
// The namespace, not named imports: a test watches `timingSafeEqual` to prove every hash is compared
// in constant time.
import crypto from 'node:crypto';
import { IDENTITY_REJECTED, VISITOR_HASH_PATTERN } from '../../../protocol/visitor.js';
import { RpcError } from '../../core/rpc/errors.js';

/** Random bytes in a new secret (written as 64 hex digits, which are the HMAC key as they are). */
export const IDENTITY_SECRET_BYTES = 32;

/** A new identity secret: 64 hex digits. */
export function newIdentitySecret(): string {
  return crypto.randomBytes(IDENTITY_SECRET_BYTES).toString('hex');
}

/** The hash a host computes for `visitorId`: hex HMAC-SHA256 of its UTF-8 bytes, keyed by the secret's text. */
export function visitorHash(secret: string, visitorId: string): string {
  return crypto.createHmac('sha256', secret).update(visitorId, 'utf8').digest('hex');
}

/**
 * Whether `hash` is the visitor hash of `visitorId` under `secret`. Compared in constant time: how long
 * the check takes says nothing about how many leading digits were right. A hash of the wrong shape has
 * a length every caller knows, so refusing it at once reveals nothing.
 */
export function hashMatches(secret: string, visitorId: string, hash: string): boolean {
  if (!VISITOR_HASH_PATTERN.test(hash)) return false;
  const expected = Buffer.from(visitorHash(secret, visitorId), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(hash, 'hex'));
}

/** The visitor hash did not verify (wrong hash, another id's, an old secret's, or no secret on the channel). */
export class IdentityRejectedError extends RpcError {
  constructor() {
    super('The visitor identity could not be verified', 'access_error', undefined, IDENTITY_REJECTED);
  }
}

/** A conversation already belongs to another verified visitor. */
export class IdentityConflictError extends RpcError {
  constructor() {
    super('This conversation belongs to another visitor', 'access_error', undefined, 'livechat.IdentityConflict');
  }
}
