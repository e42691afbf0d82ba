import type { FastifyInstance } from 'fastify';
import { BusChannel } from '../../../protocol/livechat.js';
import type { ConversationAssignedPayload, NewSessionPayload } from '../../../protocol/operator-console.js';
import { visitorLabel } from '../../../protocol/visitor-label.js';
import type { OperatorRow, VisitorSessionRow } from '../../core/db/tables.js';

/** Why a conversation changed hands: an operator passed it on, routing moved it, someone took it, the queue handed it out. */
export type AssignmentReason = 'transferred' | 'reassigned' | 'taken' | 'dequeued';

declare module '../../core/events.js' {
  interface DomainEvents {
    /**
     * A conversation changed hands (or a queued one got its first operator: `fromOperatorId` null). Emitted
     * once per change, by the one process whose conditional write won.
     */
    'conversation.assigned': {
      sessionId: number;
      channelId: number;
      fromOperatorId: number | null;
      toOperatorId: number;
      reason: AssignmentReason;
      /** Who did it; null when the server did (routing, the queue). */
      byOperatorId: number | null;
      /** What the one passing it on wrote for the receiver, if anything. */
      note: string | null;
    };
  }
}

/** What {@link assignConversation} is told about the change. */
export interface AssignmentChange {
  reason: AssignmentReason;
  byOperatorId: number | null;
  note?: string | null;
}

/**
 * Hands an open conversation to `to`, only if it is still where the caller saw it (`session.operator_id`):
 * two processes, or two operators, racing for one conversation never both win. Returns the updated row,
 * or undefined when someone else moved or closed it first. The new operator's console hears of it as a
 * new conversation; the previous one's, and the session's readers, get `conversation_assigned`; features
 * react to `conversation.assigned` (the visitor's "joined" line, notices, reports).
 */
export async function assignConversation(app: FastifyInstance, session: VisitorSessionRow, to: OperatorRow, change: AssignmentChange): Promise<VisitorSessionRow | undefined> {
  if (session.closed_at !== null || session.operator_id === to.id) return undefined;
  const name = `${session.anonymous_name} ${to.display_name}`;
  const moved = await app.store.assignVisitorSession(session.id, session.operator_id, to.id, name, app.clock.now());
  if (!moved) return undefined;
  const from = session.operator_id;
  const announced: NewSessionPayload = {
    info: 'new_session',
    session: { id: moved.id, name: moved.name, anonymous_name: moved.anonymous_name, visitor_label: visitorLabel(moved), channel_id: moved.channel_id },
  };
  await app.bus.publish([BusChannel.operator(to.id)], announced);
  const notice: ConversationAssignedPayload = { info: 'conversation_assigned', session_id: moved.id, operator_id: to.id, operator_name: to.display_name, reason: change.reason };
  await app.bus.publish(from === null ? [BusChannel.session(moved.id)] : [BusChannel.operator(from), BusChannel.session(moved.id)], notice);
  app.events.emit('conversation.assigned', {
    sessionId: moved.id,
    channelId: moved.channel_id,
    fromOperatorId: from,
    toOperatorId: to.id,
    reason: change.reason,
    byOperatorId: change.byOperatorId,
    note: change.note ?? null,
  });
  return moved;
}
