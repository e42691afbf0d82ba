import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { RpcError } from '../../core/rpc/errors.js';
import type { OperatorRow, VisitorSessionRow } from '../../core/db/tables.js';
import type { Store } from '../store/store.js';

/**
 * Which conversations an operator may read and act in, the one rule of every operator path (the console's
 * routes, posts, uploads, files, the dataset): its own chats; an offline message of one of its channels
 * (it has no operator: every member may answer it); a chat of one of its channels waiting in the queue
 * (every member may take it); with `adminReadsAll`, any for an admin. Another
 * operator's chat stays theirs, even in a shared channel. {@link mayRead} applies it to one row,
 * {@link readableConversations} to a query: change both together.
 */
export async function mayRead(store: Store, operator: OperatorRow, session: VisitorSessionRow, adminReadsAll = true): Promise<boolean> {
  if (session.operator_id === operator.id || (adminReadsAll && operator.is_admin)) return true;
  if (session.origin === 'offline') return (await store.operatorChannelIds(operator.id)).includes(session.channel_id);
  // A chat waiting in its channel's queue: the channel's operators read it to choose whom to take.
  if (session.origin === 'chat' && session.operator_id === null) return (await store.operatorChannelIds(operator.id)).includes(session.channel_id);
  return false;
}

/** The same rule as a condition on `visitor_session` rows under `alias`; undefined (every row) for an admin. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the dataset's queries alias the table ('t', 's'), so no one table type fits.
export function readableConversations(eb: ExpressionBuilder<any, any>, operator: OperatorRow, alias: string): Expression<SqlBool> | undefined {
  if (operator.is_admin) return undefined;
  const myChannels = eb.selectFrom('channel_operator').select('channel_id').where('operator_id', '=', operator.id);
  return eb.or([
    eb(`${alias}.operator_id`, '=', operator.id),
    eb.and([eb(`${alias}.origin`, '=', 'offline'), eb(`${alias}.channel_id`, 'in', myChannels)]),
    eb.and([eb(`${alias}.origin`, '=', 'chat'), eb(`${alias}.operator_id`, 'is', null), eb(`${alias}.channel_id`, 'in', myChannels)]),
  ]);
}

/** Another operator's conversation reads exactly like an unknown one: its id says nothing. */
export class ConversationNotFoundError extends RpcError {
  constructor() {
    super('This conversation does not exist or is not yours', 'missing_error', undefined, 'livechat.MissingError');
  }
}
