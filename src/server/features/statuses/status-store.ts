/** The status columns of conversations (`visitor_session.status`, `snoozed_until`; migration 0020). */
import type { Kysely } from 'kysely';
import type { Database, StoredStatus } from '../../core/db/tables.js';

/** A conversation whose status changed without an operator: what telling its operators needs. */
export interface WokenConversation {
  id: number;
  channel_id: number;
  operator_id: number | null;
}

/** Conversations' statuses, for both engines. */
export class KyselyStatusStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Sets the status of a conversation still open; false when it is closed (or unknown). */
  async set(sessionId: number, status: StoredStatus, snoozedUntil: number | null): Promise<boolean> {
    const result = await this.db
      .updateTable('visitor_session')
      .set({ status, snoozed_until: status === 'snoozed' ? snoozedUntil : null })
      .where('id', '=', sessionId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Opens a waiting or snoozed conversation again; true when it was one (the caller tells the operators). */
  async reopen(sessionId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('visitor_session')
      .set({ status: 'open', snoozed_until: null })
      .where('id', '=', sessionId)
      .where('closed_at', 'is', null)
      .where('status', 'in', ['waiting', 'snoozed'])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Opens the snoozed conversations whose time has come (a closed one stays resolved), at most `limit`, and returns those this call
   * opened (another process sweeping at the same moment opens the others).
   */
  async wakeExpired(now: number, limit: number): Promise<WokenConversation[]> {
    const due = await this.db
      .selectFrom('visitor_session')
      .select(['id', 'channel_id', 'operator_id'])
      .where('status', '=', 'snoozed')
      .where('snoozed_until', '<=', now)
      .where('closed_at', 'is', null)
      .orderBy('snoozed_until')
      .limit(limit)
      .execute();
    const woken: WokenConversation[] = [];
    for (const row of due) {
      const result = await this.db
        .updateTable('visitor_session')
        .set({ status: 'open', snoozed_until: null })
        .where('id', '=', row.id)
        .where('status', '=', 'snoozed')
        .where('snoozed_until', '<=', now)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) woken.push(row);
    }
    return woken;
  }
}
