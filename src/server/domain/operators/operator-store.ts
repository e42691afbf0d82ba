/** Which operators can take a visitor now, with their load: the query behind operator choice (SPEC.md §7). */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';
import type { OnlineOperator } from '../store/store.js';

/** Operators of a channel seen since `seenSince`, not away, with a live web session (their load is counted apart). */
export async function availableOperators(db: Kysely<Database>, channelId: number, now: number, seenSince: number, awakeSince?: number): Promise<OnlineOperator[]> {
  const rows = await db
    .selectFrom('operator as o')
    .innerJoin('channel_operator as co', 'co.operator_id', 'o.id')
    .innerJoin('livechat_channel as ch', 'ch.id', 'co.channel_id')
    .where('co.channel_id', '=', channelId)
    .where('o.last_seen', '>=', seenSince)
    .where('o.away', '=', 0)
    .$if(awakeSince !== undefined, (q) => q.where((eb) => eb.or([eb('o.last_active', 'is', null), eb('o.last_active', '>=', awakeSince!)])))
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('web_session as ws').select('ws.token_hash').whereRef('ws.operator_id', '=', 'o.id').where('ws.expires_at', '>', now)),
    )
    .select(['o.id', 'o.display_name', 'o.languages', 'co.capacity as own_capacity', 'ch.capacity as channel_capacity'])
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    display_name: r.display_name,
    capacity: r.own_capacity ?? r.channel_capacity,
    languages: parseLanguages(r.languages),
  }));
}

/** The stored comma-separated list as primary subtags, lower case, without blanks or repeats. */
export function parseLanguages(stored: string): string[] {
  return [...new Set(stored.split(',').map((l) => l.trim().toLowerCase().split('-')[0] ?? '').filter((l) => l !== ''))];
}
