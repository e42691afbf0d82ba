import type { ExpressionBuilder, Expression, SqlBool } from 'kysely';
import { RpcError } from '../../core/rpc/errors.js';
import type { OperatorRow, VisitorSessionRow } from '../../core/db/tables.js';
import type { Store } from '../store/store.js';
import { participatedSessions } from './participant-store.js';
import { REPLY_REFUSED_NOT_HOLDER } from '../../../protocol/console/supervision.js';

/**
 * Which conversations an operator may read and act in, the one rule of every operator path (the console's
 * routes, posts, uploads, files, the dataset): its own chats; an offline message of one of its channels
 * (it has no operator: every member may answer it); a chat of one of its channels waiting in the queue
 * (every member may take it); any of a channel it supervises (issue 26); a chat it was invited into (a
 * participant, features/transfer); any for an admin. Another operator's chat stays
 * theirs, even in a shared channel, for a plain member. {@link mayRead} applies it to one row,
 * {@link readableConversations} to a query: change both together.
 */
export async function mayRead(store: Store, operator: OperatorRow, session: VisitorSessionRow): Promise<boolean> {
  if (operator.is_admin) return true;
  if (await holds(store, operator, session)) return true;
  // Supervisors: every conversation of the channels they supervise.
  return store.roles.supervises(operator.id, session.channel_id);
}

/** The clauses of {@link mayRead} that make the operator one of those who answer the conversation. */
async function holds(store: Store, operator: OperatorRow, session: VisitorSessionRow): Promise<boolean> {
  if (session.operator_id === operator.id) return true;
  if (session.origin === 'offline' && (await store.operatorChannelIds(operator.id)).includes(session.channel_id)) return true;
  // A chat waiting in its channel's queue: the channel's operators read it to choose whom to take.
  if (session.origin === 'chat' && session.operator_id === null && (await store.operatorChannelIds(operator.id)).includes(session.channel_id)) return true;
  // Participant clause: an operator invited into the conversation reads it as long as it stays in.
  return store.participants.has(session.id, operator.id);
}

/**
 * Who may write to the visitor in a conversation they may read (issue 26): everyone {@link mayRead} lets
 * in, except a supervisor reading someone else's conversation, who writes notes or takes it first. Admins
 * keep answering any conversation.
 */
export async function mayAnswer(store: Store, operator: OperatorRow, session: VisitorSessionRow): Promise<boolean> {
  return Boolean(operator.is_admin) || holds(store, operator, session);
}

/** A post to the visitor by someone who reads the conversation without holding it (see {@link mayAnswer}). */
export class ReplyRefusedError extends RpcError {
  constructor() {
    super('You supervise this conversation: write a note, or take it to answer the visitor', 'user_error', undefined, REPLY_REFUSED_NOT_HOLDER);
  }
}

/**
 * Who may act on a conversation as its owner would: pass it on, take it, reassign it (the transfer and
 * supervision features). Its own operator, an admin, or a supervisor of its channel.
 */
export async function mayManage(store: Store, operator: OperatorRow, session: VisitorSessionRow): Promise<boolean> {
  if (session.operator_id === operator.id || operator.is_admin) return true;
  return store.roles.supervises(operator.id, session.channel_id);
}

/**
 * Whose reading counts as the visitor's "Seen" (issue 15): the conversation's operator, or for one nobody
 * holds (an offline message) a member of its channel, who all answer it. An admin or a supervisor looking
 * at someone else's conversation reads it without the visitor being told.
 */
export async function readsForVisitor(store: Store, operator: OperatorRow, session: VisitorSessionRow): Promise<boolean> {
  if (session.operator_id !== null) return session.operator_id === operator.id;
  return (await store.operatorChannelIds(operator.id)).includes(session.channel_id);
}

/**
 * The same rule as a condition on `visitor_session` rows under `alias`; undefined (every row) for an admin.
 * `sessionId` names the conversation's id column; null for rows without one (the tallies of deleted
 * conversations), which no participant can have been invited into.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the dataset's queries alias the table ('t', 's'), so no one table type fits.
export function readableConversations(eb: ExpressionBuilder<any, any>, operator: OperatorRow, alias: string, sessionId: string | null = `${alias}.id`): Expression<SqlBool> | undefined {
  if (operator.is_admin) return undefined;
  const myChannels = eb.selectFrom('channel_operator').select('channel_id').where('operator_id', '=', operator.id);
  // Supervisors: every conversation of the channels they supervise.
  const supervised = eb.selectFrom('channel_operator').select('channel_id').where('operator_id', '=', operator.id).where('role', '=', 'supervisor');
  return eb.or([
    eb(`${alias}.operator_id`, '=', operator.id),
    eb.and([eb(`${alias}.origin`, '=', 'offline'), eb(`${alias}.channel_id`, 'in', myChannels)]),
    eb.and([eb(`${alias}.origin`, '=', 'chat'), eb(`${alias}.operator_id`, 'is', null), eb(`${alias}.channel_id`, 'in', myChannels)]),
    eb(`${alias}.channel_id`, 'in', supervised),
    // Participant clause, as in mayRead.
    ...(sessionId === null ? [] : [eb(sessionId, 'in', participatedSessions(eb, operator.id))]),
  ]);
}

/** Another operator's conversation reads exactly like an unknown one: its id says nothing. */
export class ConversationNotFoundError extends RpcError {
  constructor() {
    super('This conversation does not exist or is not yours', 'missing_error', undefined, 'livechat.MissingError');
  }
}
