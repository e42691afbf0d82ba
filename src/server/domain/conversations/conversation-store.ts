/** What a conversation's visitor has uploaded so far and how far its operator has read (issue 15). */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database, OperatorRow, VisitorSessionRow } from '../../core/db/tables.js';
import type { ListView } from '../../../protocol/conversation-status.js';
import { participatedSessions } from './participant-store.js';
import { latestMessages, waitingTallies, type WaitingTally } from './message-store.js';
import type { MessageWithRelations } from './message-types.js';

/** Which conversations a list view holds for an operator (README "Statuses and views"). */
export interface ViewFilter {
  view: ListView;
  operator: OperatorRow;
}

/** A condition on `visitor_session` rows that narrows the console's list (a feature's filter). */
export type SessionCondition = (eb: ExpressionBuilder<Database, 'visitor_session'>) => Expression<SqlBool>;

/** Per-conversation tallies of visitor files and the operator's read marker. */
export interface ConversationStore {
  /** Bytes of the files the session's visitor has sent (files on messages without an operator author). */
  visitorUploadBytes(sessionId: number): Promise<number>;
  /** Moves the session's read marker forward to `messageId`, one of its messages; true when it moved. */
  markOperatorSeen(sessionId: number, messageId: number): Promise<boolean>;
  /** The newest offline conversations of these channels, newest first (every member may answer them). */
  offlineSessions(channelIds: readonly number[], limit: number, where?: readonly SessionCondition[]): Promise<VisitorSessionRow[]>;
  /** Whether an operator has written in the conversation (what makes a chat answered). */
  answered(sessionId: number): Promise<boolean>;
  /** The newest conversations of a view, newest first. */
  viewSessions(filter: ViewFilter, limit: number, where?: readonly SessionCondition[]): Promise<VisitorSessionRow[]>;
  /** How many conversations of a view are open at `now` (not closed, not waiting, not snoozed past `now`). */
  countOpen(filter: ViewFilter, now: number): Promise<number>;
  /** The newest message of each session, by session id (the list's previews). */
  latestMessages(sessionIds: readonly number[]): Promise<Map<number, MessageWithRelations>>;
  /** The visitor's messages waiting for an answer in each session, by session id; absent when none wait. */
  waitingTallies(sessionIds: readonly number[]): Promise<Map<number, WaitingTally>>;
}

/** The Kysely implementation of {@link ConversationStore}. */
export class ConversationQueries implements ConversationStore {
  constructor(private readonly db: Kysely<Database>) {}

  async visitorUploadBytes(sessionId: number): Promise<number> {
    const row = await this.db
      .selectFrom('attachment as a')
      .innerJoin('message as m', 'm.id', 'a.message_id')
      .where('a.session_id', '=', sessionId)
      .where('m.author_operator_id', 'is', null)
      .select(sql<number | string | null>`sum(a.file_size)`.as('total'))
      .executeTakeFirst();
    // PostgreSQL sums integers as bigint, which node-postgres reads as text.
    return Number(row?.total ?? 0);
  }

  async markOperatorSeen(sessionId: number, messageId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('visitor_session')
      .set({ operator_seen_message_id: messageId })
      .where('id', '=', sessionId)
      .where((eb) => eb.or([eb('operator_seen_message_id', 'is', null), eb('operator_seen_message_id', '<', messageId)]))
      .where((eb) => eb.exists(eb.selectFrom('message').select('message.id').where('message.id', '=', messageId).where('message.session_id', '=', sessionId)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async offlineSessions(channelIds: readonly number[], limit: number, where: readonly SessionCondition[] = []): Promise<VisitorSessionRow[]> {
    if (channelIds.length === 0) return [];
    let q = this.db.selectFrom('visitor_session').selectAll().where('channel_id', 'in', channelIds).where('origin', '=', 'offline');
    for (const condition of where) q = q.where(condition);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }

  async viewSessions(filter: ViewFilter, limit: number, where: readonly SessionCondition[] = []): Promise<VisitorSessionRow[]> {
    let q = this.#inView(filter).selectAll();
    for (const condition of where) q = q.where(condition);
    return q.orderBy('id', 'desc').limit(limit).execute();
  }

  async countOpen(filter: ViewFilter, now: number): Promise<number> {
    const row = await this.#inView(filter)
      .where('closed_at', 'is', null)
      .where((eb) => eb.or([eb('status', '=', 'open'), eb.and([eb('status', '=', 'snoozed'), eb('snoozed_until', '<=', now)])]))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Mine: the operator's chats. Unassigned: conversations without an operator (today the offline
   * messages; a chat has its operator from the start) of the operator's channels. All: every one, which
   * only an admin may read (conversation-access-store.ts): the routes ask it for admins only.
   */
  #inView({ view, operator }: ViewFilter) {
    const q = this.db.selectFrom('visitor_session');
    // Mine holds the chats the operator was invited into too (features/transfer).
    if (view === 'mine') return q.where((eb) => eb.or([eb('operator_id', '=', operator.id), eb('id', 'in', participatedSessions(eb, operator.id))]));
    if (view === 'unassigned') {
      const myChannels = this.db.selectFrom('channel_operator').select('channel_id').where('operator_id', '=', operator.id);
      return q.where('operator_id', 'is', null).where('channel_id', 'in', myChannels);
    }
    return q;
  }

  latestMessages(sessionIds: readonly number[]): Promise<Map<number, MessageWithRelations>> {
    return latestMessages(this.db, sessionIds);
  }

  waitingTallies(sessionIds: readonly number[]): Promise<Map<number, WaitingTally>> {
    return waitingTallies(this.db, sessionIds);
  }

  async answered(sessionId: number): Promise<boolean> {
    const row = await this.db.selectFrom('message').select('id').where('session_id', '=', sessionId).where('author_operator_id', 'is not', null).limit(1).executeTakeFirst();
    return row !== undefined;
  }
}
