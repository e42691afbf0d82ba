import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AttachmentRow } from '../../core/db/tables.js';
import { mayRead } from '../conversations/conversation-access-store.js';

/**
 * The credential an attachment URL carries for the visitor: an HMAC of the attachment's public id keyed
 * by the session uuid. The widget loads files from another origin without cookies, so the URL itself
 * must prove membership; it proves knowledge of the uuid without putting the uuid into URLs (server logs,
 * saved-file metadata), and it is worthless for any other attachment or session.
 */
export function attachmentAccessToken(publicId: string, sessionUuid: string): string {
  return createHmac('sha256', `livechat-attachment:${sessionUuid}`).update(publicId).digest('base64url');
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the request may read the attachment: the visitor of its session (by the URL's `access_token`)
 * or an operator who may read the session (by their session cookie; conversation-access-store.ts). Attachments of no session are nobody's.
 * Callers answer a refusal exactly like an unknown id, so ids of other sessions reveal nothing.
 */
export async function mayReadAttachment(app: FastifyInstance, request: FastifyRequest, attachment: AttachmentRow, accessToken: unknown): Promise<boolean> {
  if (attachment.session_id === null) return false;
  const session = await app.store.getVisitorSession(attachment.session_id);
  if (!session) return false;
  if (typeof accessToken === 'string' && accessToken !== '' && sameToken(accessToken, attachmentAccessToken(attachment.public_id, session.uuid))) return true;
  const operator = await app.currentOperator(request);
  return operator !== null && (await mayRead(app.store, operator, session));
}
