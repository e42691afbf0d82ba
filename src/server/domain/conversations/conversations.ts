import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BusChannel } from '../../../protocol/livechat.js';
import { isLiveChat, isQueuedChat, type ChatSessionRow, type OperatorRow, type QueuedChatRow, type VisitorSessionRow } from '../../core/db/tables.js';
import { sessionUuid } from '../../core/schemas/params.js';
import { messageToWire } from './format.js';
import { mayRead } from './conversation-access-store.js';
import { urlsFor } from '../../core/http/urls.js';

/**
 * The live chat a uuid names, or undefined for a malformed, unknown or closed one, or an offline message
 * (no existence oracle).
 */
export async function openSession(app: FastifyInstance, uuid: unknown): Promise<ChatSessionRow | undefined> {
  const session = await sessionByUuid(app, uuid);
  return session && session.closed_at === null && isLiveChat(session) ? session : undefined;
}

/**
 * The open conversation a visitor's uuid names, a live chat or one still waiting in its channel's queue:
 * what the routes a waiting visitor may use (posting, typing, the conversation's state) act on.
 */
export async function openConversation(app: FastifyInstance, uuid: unknown): Promise<ChatSessionRow | QueuedChatRow | undefined> {
  const session = await sessionByUuid(app, uuid);
  return session && session.closed_at === null && (isLiveChat(session) || isQueuedChat(session)) ? session : undefined;
}

/** The session a uuid names, open or closed, or undefined for a malformed or unknown one. */
export async function sessionByUuid(app: FastifyInstance, uuid: unknown): Promise<VisitorSessionRow | undefined> {
  const valid = sessionUuid(uuid);
  return valid ? app.store.getVisitorSessionByUuid(valid) : undefined;
}

/** Who names a conversation in a call: a visitor by its uuid, an operator by `session_id`. */
export interface ConversationRef {
  uuid?: unknown;
  session_id?: unknown;
}

/**
 * The open session a call acts on: an operator names it by `session_id` and must be allowed to read it
 * (conversation-access-store.ts; operators never see a session's uuid, the visitor's credential); a visitor
 * names it by its uuid, also while it waits in the queue. Undefined for another operator's conversation exactly as for an unknown or closed
 * one, so the route's answer says nothing about ids.
 */
export async function sessionOfCaller(app: FastifyInstance, ref: ConversationRef, operator: OperatorRow | null): Promise<ChatSessionRow | QueuedChatRow | undefined> {
  // A waiting visitor writes; no operator posts in a conversation nobody has taken yet.
  if (!operator) return openConversation(app, ref.uuid);
  const id = ref.session_id;
  const session = typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? await app.store.getVisitorSession(id) : await openSession(app, ref.uuid);
  // An offline message has no widget listening: it is answered by e-mail (routes/offline-reply.ts).
  if (!session || session.closed_at !== null || !isLiveChat(session) || !(await mayRead(app.store, operator, session))) return undefined;
  return session;
}

/** Where a new message of the session is announced: its visitor, the session and the session's operator. */
export function messageChannels(session: VisitorSessionRow): string[] {
  const channels = [BusChannel.visitor(session.uuid), BusChannel.session(session.id)];
  return session.operator_id === null ? channels : [...channels, BusChannel.operator(session.operator_id)];
}

/** Publishes a new message to the visitor, the session channel and the session's operator. */
export async function publishMessage(app: FastifyInstance, request: FastifyRequest, session: VisitorSessionRow, messageId: number): Promise<void> {
  const message = await app.store.getMessage(messageId);
  if (!message) return;
  const wire = messageToWire(message, session, urlsFor(request));
  await app.bus.publish(messageChannels(session), wire);
}

/**
 * An operator ends a conversation (SPEC.md §4 "Closing" on the visitor's side), or its visitor leaves the
 * queue (`operatorId` null): the visitor's widget and the consoles are told, and `conversation.closed` is
 * emitted. Closing one already closed does nothing.
 */
export async function closeConversation(app: FastifyInstance, session: VisitorSessionRow, operatorId: number | null): Promise<void> {
  if (session.closed_at !== null) return;
  const closedAt = app.clock.now();
  await app.store.closeVisitorSession(session.id, closedAt);
  // The uuid is the visitor's credential: only the visitor's own channel carries it, never one operators read.
  await app.bus.publish([BusChannel.visitor(session.uuid)], { info: 'session_closed', uuid: session.uuid });
  await app.bus.publish([BusChannel.session(session.id)], { info: 'session_closed', session_id: session.id });
  app.events.emit('conversation.closed', { sessionId: session.id, channelId: session.channel_id, operatorId, closedAt });
}
