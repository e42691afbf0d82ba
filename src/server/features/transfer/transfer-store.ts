/** The transfer feature's own queries: operators' loads and a conversation's move to another channel. */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';

/** Queries on both engines. */
export class TransferStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Open chats each of these operators serves now (what capacity is measured against). */
  async openLoads(operatorIds: readonly number[]): Promise<Map<number, number>> {
    const loads = new Map<number, number>(operatorIds.map((id) => [id, 0]));
    if (operatorIds.length === 0) return loads;
    const rows = await this.db
      .selectFrom('visitor_session')
      .select(['operator_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('operator_id', 'in', operatorIds)
      .where('closed_at', 'is', null)
      .where('origin', '=', 'chat')
      .groupBy('operator_id')
      .execute();
    for (const row of rows) if (row.operator_id !== null) loads.set(row.operator_id, Number(row.n));
    return loads;
  }

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
