/**
 * The queue's tables and queries, for both engines (migration 0027): who waits in which channel, the
 * pick-ups of the last day, and each channel's hand-out lease. The tables are the feature's own, typed here.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../core/db/tables.js';

/** A conversation that waited; `dequeued_at` is set once an operator picked it up (or is picking it up). */
interface QueueEntryTable {
  session_id: number;
  channel_id: number;
  queued_at: number;
  entry_position: number;
  dequeued_at: number | null;
}

/** Which process hands a channel's queue out until `held_until`. */
interface QueueDispatchTable {
  channel_id: number;
  held_until: number;
}

// A type alias, not an interface: `withTables` wants an index-signature-compatible record.
type QueueDatabase = {
  queue_entry: QueueEntryTable;
  queue_dispatch: QueueDispatchTable;
};

/** A waiting conversation, in queue order. */
export interface Waiting {
  session_id: number;
  channel_id: number;
  uuid: string;
  queued_at: number;
  anonymous_name: string;
  name_given: number;
}

/**
 * Whether the entry `q`'s conversation is still open with no operator. Read by primary key
 * in a subquery that keeps the conditions out of its WHERE: as a join condition they match the
 * (operator_id, closed_at) index, and PostgreSQL without statistics (a new database, a burst in a queue
 * that was empty) chose a nested loop scanning every waiting conversation for each entry, 40 ms for 500.
 */
const stillWaiting = sql<SqlBool>`(select case when s.closed_at is null and s.operator_id is null then 1 else 0 end from visitor_session as s where s.id = q.session_id) = 1`;

/** Queue entries and leases, for both engines. */
export class KyselyQueueStore {
  private readonly db: Kysely<Database & QueueDatabase>;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<QueueDatabase>();
  }

  /** The channel's open conversations still waiting, head first (arrival time, then id: one order on every process). */
  async waiting(channelIds: readonly number[], limit?: number): Promise<Waiting[]> {
    if (channelIds.length === 0) return [];
    return this.db
      .selectFrom('queue_entry as q')
      .innerJoin('visitor_session as s', 's.id', 'q.session_id')
      .select(['q.session_id', 'q.channel_id', 's.uuid', 'q.queued_at', 's.anonymous_name', 's.name_given'])
      .where('q.channel_id', 'in', [...channelIds])
      .where('q.dequeued_at', 'is', null)
      .where(stillWaiting)
      .orderBy('q.channel_id')
      .orderBy('q.queued_at')
      .orderBy('q.session_id')
      .$if(limit !== undefined, (q) => q.limit(limit!))
      .execute();
  }

  /** The place of a waiting conversation (1 is next); undefined when it is not waiting. */
  async positionOf(sessionId: number): Promise<number | undefined> {
    const entry = await this.db.selectFrom('queue_entry').selectAll().where('session_id', '=', sessionId).where('dequeued_at', 'is', null).executeTakeFirst();
    if (!entry) return undefined;
    const ahead = await this.db
      .selectFrom('queue_entry as q')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('q.channel_id', '=', entry.channel_id)
      .where('q.dequeued_at', 'is', null)
      .where(stillWaiting)
      .where((eb) => eb.or([eb('q.queued_at', '<', entry.queued_at), eb.and([eb('q.queued_at', '=', entry.queued_at), eb('q.session_id', '<', sessionId)])]))
      .executeTakeFirst();
    return Number(ahead?.n ?? 0) + 1;
  }

  /** Adds a new conversation at the tail; `position` is where it joined (the expected wait's unit). */
  async enqueue(sessionId: number, channelId: number, position: number, now: number): Promise<void> {
    await this.db.insertInto('queue_entry').values({ session_id: sessionId, channel_id: channelId, queued_at: now, entry_position: position, dequeued_at: null }).execute();
  }

  /** How many wait in the channel now. */
  /** Whether the channel's queue holds its limit already (false for an unknown channel): one query. */
  async full(channelId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('livechat_channel as c')
      .select(['c.queue_limit'])
      .select((eb) =>
        eb
          .selectFrom('queue_entry as q')
          .select(({ fn }) => fn.countAll<number | string>().as('n'))
          .whereRef('q.channel_id', '=', 'c.id')
          .where('q.dequeued_at', 'is', null)
          .where(stillWaiting)
          .as('waiting'),
      )
      .where('c.id', '=', channelId)
      .executeTakeFirst();
    return row !== undefined && Number(row.waiting ?? 0) >= row.queue_limit;
  }

  async count(channelId: number): Promise<number> {
    const row = await this.db
      .selectFrom('queue_entry as q')
      .select(({ fn }) => fn.countAll<number | string>().as('n'))
      .where('q.channel_id', '=', channelId)
      .where('q.dequeued_at', 'is', null)
      .where(stillWaiting)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * The wait of each recent pick-up divided by the place it joined at: how long one place in this
   * channel's queue has lately taken. The newest first, at most `limit`, picked up since `since`.
   */
  async recentWaitsPerPlace(channelId: number, since: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('queue_entry')
      .select(['queued_at', 'dequeued_at', 'entry_position'])
      .where('channel_id', '=', channelId)
      .where('dequeued_at', '>=', since)
      .orderBy('dequeued_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => (Number(r.dequeued_at) - Number(r.queued_at)) / Math.max(1, r.entry_position));
  }

  /** Marks a waiting conversation as being picked up; false when another call (on any process) did first. */
  async claim(sessionId: number, now: number): Promise<boolean> {
    const result = await this.db.updateTable('queue_entry').set({ dequeued_at: now }).where('session_id', '=', sessionId).where('dequeued_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Puts a claimed conversation back in line (its hand-out did not happen). */
  async unclaim(sessionId: number): Promise<void> {
    await this.db.updateTable('queue_entry').set({ dequeued_at: null }).where('session_id', '=', sessionId).execute();
  }

  /** Takes a conversation out of the queue without a pick-up (it was closed); false when it was not waiting. */
  async remove(sessionId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('queue_entry').where('session_id', '=', sessionId).where('dequeued_at', 'is', null).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Channels where someone waits. */
  async channelsWithWaiting(): Promise<number[]> {
    const rows = await this.db.selectFrom('queue_entry').select('channel_id').distinct().where('dequeued_at', 'is', null).execute();
    return rows.map((r) => r.channel_id);
  }

  /**
   * Puts back in line the conversations claimed before `before` that still have no operator (the process
   * handing them out stopped halfway); the channels it touched.
   */
  async releaseStaleClaims(before: number): Promise<number[]> {
    const stale = await this.db
      .selectFrom('queue_entry as q')
      .select(['q.session_id', 'q.channel_id'])
      .where('q.dequeued_at', '<', before)
      .where(stillWaiting)
      .execute();
    for (const row of stale) await this.db.updateTable('queue_entry').set({ dequeued_at: null }).where('session_id', '=', row.session_id).where('dequeued_at', '<', before).execute();
    return [...new Set(stale.map((r) => r.channel_id))];
  }

  /** Forgets pick-ups older than `before`, and entries of conversations closed while waiting. */
  async prune(before: number): Promise<void> {
    await this.db.deleteFrom('queue_entry').where('dequeued_at', '<', before).execute();
    const closed = this.db.selectFrom('visitor_session').select('id').where('closed_at', 'is not', null);
    await this.db.deleteFrom('queue_entry').where('dequeued_at', 'is', null).where('session_id', 'in', closed).execute();
  }

  /** Takes the channel's hand-out lease until `now + ms`; false while another process holds it. */
  async lease(channelId: number, now: number, ms: number): Promise<boolean> {
    await this.db.insertInto('queue_dispatch').values({ channel_id: channelId, held_until: 0 }).onConflict((oc) => oc.column('channel_id').doNothing()).execute();
    const result = await this.db.updateTable('queue_dispatch').set({ held_until: now + ms }).where('channel_id', '=', channelId).where('held_until', '<=', now).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives the lease back. */
  async release(channelId: number): Promise<void> {
    await this.db.updateTable('queue_dispatch').set({ held_until: 0 }).where('channel_id', '=', channelId).execute();
  }
}
