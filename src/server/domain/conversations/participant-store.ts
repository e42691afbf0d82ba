/**
 * Conversation participants (migration 0025): operators invited into a conversation beside its operator.
 * The conversation's own operator stays `visitor_session.operator_id`; a participant reads and answers
 * it too (conversation-access-store.ts) until it leaves or the conversation changes hands.
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';

/** One operator invited into one conversation. */
export interface ConversationParticipantTable {
  session_id: number;
  operator_id: number;
  /** Who invited it; null once that operator is removed. */
  invited_by: number | null;
  created_at: number;
}

// A type alias, not an interface: `withTables` wants an index-signature-compatible record.
type ParticipantDatabase = { conversation_participant: ConversationParticipantTable };

/** The participants of conversations. */
export interface ParticipantStore {
  /** Adds the operator to the conversation; false when it already was a participant. */
  add(sessionId: number, operatorId: number, invitedBy: number, now: number): Promise<boolean>;
  /** Removes the operator from the conversation; false when it was not a participant. */
  remove(sessionId: number, operatorId: number): Promise<boolean>;
  has(sessionId: number, operatorId: number): Promise<boolean>;
  /** The participants' operator ids, in the order they joined. */
  list(sessionId: number): Promise<number[]>;
}

/** The Kysely implementation of {@link ParticipantStore}. */
export class ParticipantQueries implements ParticipantStore {
  readonly #db: Kysely<Database & ParticipantDatabase>;

  constructor(db: Kysely<Database>) {
    this.#db = db.withTables<ParticipantDatabase>();
  }

  async add(sessionId: number, operatorId: number, invitedBy: number, now: number): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('conversation_participant')
        .values({ session_id: sessionId, operator_id: operatorId, invited_by: invitedBy, created_at: now })
        .onConflict((oc) => oc.columns(['session_id', 'operator_id']).doNothing())
        .returning('operator_id')
        .executeTakeFirst();
      if (inserted !== undefined) await addToCount(trx, sessionId, 1);
      return inserted !== undefined;
    });
  }

  async remove(sessionId: number, operatorId: number): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('conversation_participant').where('session_id', '=', sessionId).where('operator_id', '=', operatorId).executeTakeFirst();
      const removed = Number(result.numDeletedRows) > 0;
      if (removed) await addToCount(trx, sessionId, -1);
      return removed;
    });
  }

  async has(sessionId: number, operatorId: number): Promise<boolean> {
    const row = await this.#db.selectFrom('conversation_participant').select('operator_id').where('session_id', '=', sessionId).where('operator_id', '=', operatorId).executeTakeFirst();
    return row !== undefined;
  }

  async list(sessionId: number): Promise<number[]> {
    const rows = await this.#db.selectFrom('conversation_participant').select('operator_id').where('session_id', '=', sessionId).orderBy('created_at').orderBy('operator_id').execute();
    return rows.map((r) => r.operator_id);
  }
}

/**
 * Moves the conversation's `participant_count` by `by`, in the transaction whose insert or delete changed a
 * row. An increment, not a recount: two invitations at once on PostgreSQL each count with a snapshot that
 * misses the other's row, while an increment re-reads the locked row and stays exact.
 */
async function addToCount(trx: Kysely<Database & ParticipantDatabase>, sessionId: number, by: 1 | -1): Promise<void> {
  await trx
    .updateTable('visitor_session')
    .set((eb) => ({ participant_count: eb('participant_count', '+', by) }))
    .where('id', '=', sessionId)
    .execute();
}

/** The ids of the conversations the operator was invited into, as a subquery of the access rule and the "mine" view. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as readableConversations: any alias of the session table.
export function participatedSessions(eb: ExpressionBuilder<any, any>, operatorId: number) {
  return eb.selectFrom('conversation_participant').select('conversation_participant.session_id').where('conversation_participant.operator_id', '=', operatorId);
}
