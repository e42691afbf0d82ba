/** The one query behind an operator's load (README "Routing and capacity"): routing, transfer and supervision all read it. */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';

/** Operators' loads. */
export interface LoadStore {
  /**
   * How many open live chats each of these operators holds that started or had a message at or after
   * `activeSince`, whatever their channel; 0 for an operator with none.
   */
  activeLoads(operatorIds: readonly number[], activeSince: number): Promise<Map<number, number>>;
}

/** The Kysely implementation of {@link LoadStore}, for both engines. */
export class LoadQueries implements LoadStore {
  constructor(private readonly db: Kysely<Database>) {}

  async activeLoads(operatorIds: readonly number[], activeSince: number): Promise<Map<number, number>> {
    const loads = new Map<number, number>(operatorIds.map((id) => [id, 0]));
    if (operatorIds.length === 0) return loads;
    const rows = await this.db
      .selectFrom('visitor_session as vs')
      .select(['vs.operator_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('vs.operator_id', 'in', [...new Set(operatorIds)])
      .where('vs.closed_at', 'is', null)
      .where('vs.origin', '=', 'chat')
      .where(({ or, eb, exists, selectFrom }) =>
        or([eb('vs.created_at', '>=', activeSince), exists(selectFrom('message as m').select('m.id').whereRef('m.session_id', '=', 'vs.id').where('m.created_at', '>=', activeSince))]),
      )
      .groupBy('vs.operator_id')
      .execute();
    for (const row of rows) if (row.operator_id !== null) loads.set(row.operator_id, Number(row.n));
    return loads;
  }
}
