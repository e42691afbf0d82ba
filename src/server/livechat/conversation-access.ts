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
