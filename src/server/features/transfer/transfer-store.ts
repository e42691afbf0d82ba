/** The transfer feature's own query: a conversation's move to another channel. */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';

/** Queries on both engines. */
export class TransferStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Moves an open conversation to another channel, only while it is still in `fromChannelId` with
   * `operatorId` (what the caller saw); false when someone else changed it first.
   */
  async moveChannel(sessionId: number, fromChannelId: number, toChannelId: number, operatorId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('visitor_session')
      .set({ channel_id: toChannelId })
      .where('id', '=', sessionId)
      .where('channel_id', '=', fromChannelId)
      .where('operator_id', '=', operatorId)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
