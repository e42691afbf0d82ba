/** The one query behind an operator's load (README "Routing and capacity"): routing, transfer and supervision all read it. */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';

/** What an operator holds: open live chats in every channel, and those of them still active. */
export interface ConversationCounts {
  /** Open live chats, however quiet: what a capacity caps. */
  open: number;
  /** Open live chats that started or had a message at or after `activeSince`: what balancing counts. */
  active: number;
}

/** Operators' loads. */
export interface LoadStore {
  /** Each of these operators' open and active live chats, whatever their channel; zeros for one with none. */
  conversationCounts(operatorIds: readonly number[], activeSince: number): Promise<Map<number, ConversationCounts>>;
}

/** The Kysely implementation of {@link LoadStore}, for both engines. */
export class LoadQueries implements LoadStore {
  constructor(private readonly db: Kysely<Database>) {}

  async conversationCounts(operatorIds: readonly number[], activeSince: number): Promise<Map<number, ConversationCounts>> {
    const counts = new Map<number, ConversationCounts>(operatorIds.map((id) => [id, { open: 0, active: 0 }]));
    if (operatorIds.length === 0) return counts;
    const rows = await this.db
      .selectFrom('visitor_session as vs')
      .select(({ fn, case: when, eb, or, exists, selectFrom }) => [
        'vs.operator_id',
        fn.countAll<number | string>().as('open'),
        fn
          .sum<number | string>(
            when()
              .when(
                or([eb('vs.created_at', '>=', activeSince), exists(selectFrom('message as m').select('m.id').whereRef('m.session_id', '=', 'vs.id').where('m.created_at', '>=', activeSince))]),
              )
              .then(1)
              .else(0)
              .end(),
          )
          .as('active'),
      ])
      .where('vs.operator_id', 'in', [...new Set(operatorIds)])
      .where('vs.closed_at', 'is', null)
      .where('vs.origin', '=', 'chat')
      .groupBy('vs.operator_id')
      .execute();
    for (const row of rows) if (row.operator_id !== null) counts.set(row.operator_id, { open: Number(row.open), active: Number(row.active) });
    return counts;
  }
}
