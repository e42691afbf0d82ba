/** Sessions that know their visitor (issue 14): a verified visitor's open conversation, and its updates. */
import type { FastifyInstance } from 'fastify';
import { BusChannel, type LivechatSession } from '../../../protocol/livechat.js';
import type { VisitorIdentityAnswer, VisitorUpdatedPayload } from '../../../protocol/visitor.js';
import { isQueuedChat, type VisitorSessionRow } from '../../core/db/tables.js';
import type { QueuePlace } from '../../../protocol/queue.js';
import type { VisitorPatch } from './visitor-store.js';
import { sessionToWire } from '../conversations/format.js';
import { identityAnswer, provenFields, type VisitorClaims } from './visitor-claims.js';
import type { VerifiedIdentity } from './visitor-token.js';

/** The answer of `/im_livechat/get_session`: the session, who it belongs to, and whether it was resumed. */
export type SessionAnswer = LivechatSession & VisitorIdentityAnswer & { resumed?: true; queue?: QueuePlace };

/** Tells the consoles showing the session that its visitor card changed. */
export async function announceVisitorUpdate(app: FastifyInstance, session: VisitorSessionRow): Promise<void> {
  const payload: VisitorUpdatedPayload = { info: 'visitor_updated', session_id: session.id, name: session.anonymous_name };
  // The session channel: every console showing the conversation follows it (its operator's and admins').
  await app.bus.publish([BusChannel.session(session.id)], payload);
}

/**
 * A verified visitor's open conversation in the channel, on whatever device they come back from, with
 * what the host page now says about them (`base`: every column but the name and address, which keep
 * what a token verified); undefined when they have none.
 */
export async function resumeVerifiedSession(app: FastifyInstance, channelId: number, verified: VerifiedIdentity, claims: VisitorClaims, base: VisitorPatch): Promise<SessionAnswer | undefined> {
  const open = await app.store.visitors.openSessionOf(channelId, verified.id);
  if (!open) return undefined;
  const holder = await holderOf(app, open);
  if (!holder) return undefined;
  const fields = provenFields(claims, verified, open);
  const anonymousName = fields.name ?? open.anonymous_name;
  // A waiting conversation is named after the visitor alone until an operator takes it, as when it was opened.
  const name = holder.place ? anonymousName : `${anonymousName} ${holder.pid.display_name}`;
  const full: VisitorPatch = { ...base, ...fields.patch, anonymous_name: anonymousName, name, ...(fields.name === undefined ? {} : { name_given: 1 }) };
  await app.store.visitors.updateVisitor(open.id, full);
  if (claims.pages) await app.store.setPageHistory(open.id, claims.pages);
  const session = { ...open, ...full } as VisitorSessionRow;
  await announceVisitorUpdate(app, session);
  const answer: SessionAnswer = { ...sessionToWire(session, holder.pid), ...identityAnswer(session), resumed: true };
  return holder.place ? { ...answer, queue: holder.place } : answer;
}

/**
 * Who the window names for a resumed conversation: its operator, or, while it waits in the channel's queue
 * (issue 26), the channel with the visitor's place, which stays theirs. Undefined for one nobody can resume
 * (an offline message, or a conversation caught between the queue and its operator).
 */
async function holderOf(app: FastifyInstance, open: VisitorSessionRow): Promise<{ pid: { id: number; display_name: string }; place?: QueuePlace } | undefined> {
  if (open.operator_id !== null) {
    const operator = await app.store.getOperator(open.operator_id);
    return operator ? { pid: operator } : undefined;
  }
  if (!isQueuedChat(open)) return undefined;
  const place = await app.waitingRoom.current?.placeOf(open);
  const channel = place ? await app.store.getChannel(open.channel_id) : undefined;
  return place && channel ? { pid: { id: 0, display_name: channel.name }, place } : undefined;
}
