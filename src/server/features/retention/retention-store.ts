/** Deleting ended conversations past their channel's retention, their counts kept for the statistics. */
import { sql, type Kysely, type Transaction } from 'kysely';
import { BusChannel } from '../../../protocol/livechat.js';
import type { ConversationTallyTable, Database } from '../../core/db/tables.js';

const DAY_MS = 86_400_000;

/** What one batch deleted. */
export interface PurgeCounts {
  conversations: number;
  attachments: number;
  bytes: number;
}

/** The retention job's storage side. */
export interface RetentionStore {
  /**
   * Deletes, in one transaction, up to `limit` conversations of the channel that ended before `endedBefore`,
   * with their messages, files, rating, alerts, page history and bus rows, after adding them to the
   * statistics' tallies. Several processes may run it at once: a conversation is counted by the one that
   * deleted it.
   */
  purgeEnded(channelId: number, endedBefore: number, limit: number): Promise<PurgeCounts>;
}

type Tally = Omit<ConversationTallyTable, 'count'>;

const startOfDay = (time: number): number => Math.floor(time / DAY_MS) * DAY_MS;

/** The Kysely implementation of {@link RetentionStore}. */
export class RetentionQueries implements RetentionStore {
  constructor(private readonly db: Kysely<Database>) {}

  purgeEnded(channelId: number, endedBefore: number, limit: number): Promise<PurgeCounts> {
    return this.db.transaction().execute(async (trx) => {
      const candidates = await trx
        .selectFrom('visitor_session')
        .select('id')
        .where('channel_id', '=', channelId)
        .where('closed_at', 'is not', null)
        .where('closed_at', '<', endedBefore)
        .orderBy('id')
        .limit(limit)
        .execute();
      const ids = candidates.map((c) => c.id);
      if (ids.length === 0) return { conversations: 0, attachments: 0, bytes: 0 };
      const files = await trx
        .selectFrom('attachment')
        .select(['session_id', sql<number | string>`count(*)`.as('n'), sql<number | string | null>`sum(file_size)`.as('bytes')])
        .where('session_id', 'in', ids)
        .groupBy('session_id')
        .execute();
      const ratings = await trx.selectFrom('rating').select(['session_id', 'rate', 'created_at']).where('session_id', 'in', ids).execute();
      await trx.deleteFrom('attachment').where('session_id', 'in', ids).execute();
      await trx.deleteFrom('message').where('session_id', 'in', ids).execute();
      await trx.deleteFrom('rating').where('session_id', 'in', ids).execute();
      await trx.deleteFrom('alert_mail').where('session_id', 'in', ids).execute();
      // Only what this transaction deleted is counted: a process that ran the same batch finds nothing here.
      const deleted = await trx.deleteFrom('visitor_session').where('id', 'in', ids).returning(['id', 'uuid', 'operator_id', 'origin', 'created_at']).execute();
      const mine = new Set(deleted.map((d) => d.id));
      const tallies: Tally[] = deleted.map((d) => ({ channel_id: channelId, operator_id: d.operator_id ?? 0, origin: d.origin, day: startOfDay(d.created_at), kind: 'conversation', value: 0 }));
      const deletedById = new Map(deleted.map((d) => [d.id, d]));
      for (const r of ratings) {
        const d = deletedById.get(r.session_id);
        if (d) tallies.push({ channel_id: channelId, operator_id: d.operator_id ?? 0, origin: d.origin, day: startOfDay(r.created_at), kind: 'rating', value: r.rate });
      }
      await addTallies(trx, tallies);
      const busChannels = deleted.flatMap((d) => [BusChannel.visitor(d.uuid), BusChannel.session(d.id)]);
      await trx.deleteFrom('bus_notification').where('channel', 'in', busChannels).execute();
      const kept = files.filter((f) => f.session_id !== null && mine.has(f.session_id));
      return {
        conversations: deleted.length,
        attachments: kept.reduce((n, f) => n + Number(f.n), 0),
        bytes: kept.reduce((n, f) => n + Number(f.bytes ?? 0), 0),
      };
    });
  }
}

/** Adds one to the tally of each entry (entries may repeat). */
async function addTallies(trx: Transaction<Database>, entries: Tally[]): Promise<void> {
  const counts = new Map<string, { tally: Tally; count: number }>();
  for (const tally of entries) {
    const key = JSON.stringify(tally);
    const known = counts.get(key);
    if (known) known.count += 1;
    else counts.set(key, { tally, count: 1 });
  }
  // One order for every process, so two purges adding to the same tallies never deadlock.
  const ordered = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [, { tally, count }] of ordered) {
    await trx
      .insertInto('conversation_tally')
      .values({ ...tally, count })
      .onConflict((oc) => oc.columns(['channel_id', 'operator_id', 'origin', 'day', 'kind', 'value']).doUpdateSet({ count: sql<number>`conversation_tally.count + ${count}` }))
      .execute();
  }
}
