/**
 * The routing feature's queries: which unanswered conversations are due to move on, who each already
 * went to (migration 0028), and the operators' languages and per-channel capacities.
 */
import type { Kysely } from 'kysely';
import type { Database, VisitorSessionRow } from '../../core/db/tables.js';
import { hasAnswer, unansweredSince } from '../../domain/conversations/index.js';

/** One row per operator a conversation went to; `assigned_at` is the latest time it reached them. */
interface RoutingAssignmentTable {
  session_id: number;
  operator_id: number;
  assigned_at: number;
}

// A type alias, not an interface: `withTables` wants an index-signature-compatible record.
type RoutingDatabase = { routing_assignment: RoutingAssignmentTable };

/** One channel membership's capacity as the admin edits it. */
export interface MembershipCapacity {
  channel_id: number;
  /** The operator's own capacity in the channel; null: the channel's. */
  capacity: number | null;
}

/** The routing feature's storage, for both engines. */
export class RoutingStore {
  readonly #db: Kysely<Database & RoutingDatabase>;

  constructor(db: Kysely<Database>) {
    this.#db = db.withTables<RoutingDatabase>();
  }

  /**
   * Open live chats created since `since`, held by an operator, that no operator has answered, in a
   * channel with a reassign delay, whose visitor's first message and latest hand-over are both at least
   * that delay old; oldest first. With `sessionId`, that conversation only.
   */
  due(now: number, since: number, limit: number, sessionId?: number): Promise<VisitorSessionRow[]> {
    return this.#db
      .selectFrom('visitor_session as vs')
      .innerJoin('livechat_channel as c', 'c.id', 'vs.channel_id')
      .selectAll('vs')
      .$if(sessionId !== undefined, (q) => q.where('vs.id', '=', sessionId!))
      .where('vs.origin', '=', 'chat')
      .where('vs.created_at', '>=', since)
      .where('vs.closed_at', 'is', null)
      .where('vs.operator_id', 'is not', null)
      .where('c.reassign_after_seconds', 'is not', null)
      .where(({ not, ref }) => not(hasAnswer(ref('vs.id'))))
      .where((eb) => eb(eb(unansweredSince(eb.ref('vs.id')), '+', eb('c.reassign_after_seconds', '*', 1000)), '<=', now))
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('routing_assignment as ra')
              .select('ra.session_id')
              .whereRef('ra.session_id', '=', 'vs.id')
              .where((eb) => eb(eb('ra.assigned_at', '+', eb('c.reassign_after_seconds', '*', 1000)), '>', now)),
          ),
        ),
      )
      .orderBy('vs.id')
      .limit(limit)
      .execute();
  }

  /** Every operator the conversation went to. */
  async assignedOperators(sessionId: number): Promise<number[]> {
    const rows = await this.#db.selectFrom('routing_assignment').select('operator_id').where('session_id', '=', sessionId).execute();
    return rows.map((r) => r.operator_id);
  }

  /** Records that the conversation reached `operatorId` at `at` (again: the time moves). */
  async record(sessionId: number, operatorId: number, at: number): Promise<void> {
    await this.#db
      .insertInto('routing_assignment')
      .values({ session_id: sessionId, operator_id: operatorId, assigned_at: at })
      .onConflict((oc) => oc.columns(['session_id', 'operator_id']).doUpdateSet({ assigned_at: at }))
      .execute();
  }

  /**
   * Records that the conversation reaches `operatorId` at `at`, unless they are already recorded: false
   * then (for a target: another process is moving it there now).
   */
  async claim(sessionId: number, operatorId: number, at: number): Promise<boolean> {
    const row = await this.#db
      .insertInto('routing_assignment')
      .values({ session_id: sessionId, operator_id: operatorId, assigned_at: at })
      .onConflict((oc) => oc.columns(['session_id', 'operator_id']).doNothing())
      .returning('operator_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Takes back a record whose hand-over did not happen. */
  async forget(sessionId: number, operatorId: number, at: number): Promise<void> {
    await this.#db.deleteFrom('routing_assignment').where('session_id', '=', sessionId).where('operator_id', '=', operatorId).where('assigned_at', '=', at).execute();
  }

  /** The operator's languages as stored (comma-separated primary subtags). */
  async languages(operatorId: number): Promise<string | undefined> {
    return (await this.#db.selectFrom('operator').select('languages').where('id', '=', operatorId).executeTakeFirst())?.languages;
  }

  async setLanguages(operatorId: number, languages: string): Promise<void> {
    await this.#db.updateTable('operator').set({ languages }).where('id', '=', operatorId).execute();
  }

  /** The operator's channels with their own capacity in each. */
  memberships(operatorId: number): Promise<MembershipCapacity[]> {
    return this.#db.selectFrom('channel_operator').select(['channel_id', 'capacity']).where('operator_id', '=', operatorId).orderBy('channel_id').execute();
  }
}
