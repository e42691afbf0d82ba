import type { OperatorRow, VisitorSessionRow } from '../store/schema.js';
import type { Store } from '../store/store.js';

/**
 * May this operator read the conversation? Its own chats; an offline message of one of its channels
 * (every member may answer it); with `adminReadsAll`, an admin reads any.
 */
export async function mayRead(store: Store, operator: OperatorRow, session: VisitorSessionRow, adminReadsAll = true): Promise<boolean> {
  if (session.operator_id === operator.id || (adminReadsAll && operator.is_admin)) return true;
  return session.origin === 'offline' && (await store.operatorChannelIds(operator.id)).includes(session.channel_id);
}

/**
 * May this logged-in operator act in that conversation and see its files? Its operator, a member of its
 * channel, or an admin.
 */
export async function operatorMayAct(store: Store, operator: OperatorRow, session: VisitorSessionRow): Promise<boolean> {
  if (operator.is_admin || operator.id === session.operator_id) return true;
  return (await store.channelOperatorIds(session.channel_id)).includes(operator.id);
}
