import type { Kysely, Migration } from 'kysely';

/**
 * The visible queue (features/queue, issue 26). `livechat_channel.queue_limit`: how many visitors may
 * wait at once (50 by default). `queue_entry`: one row per conversation that waited, kept after its
 * pick-up (`dequeued_at`) for a day, so the expected wait follows the channel's recent pick-ups;
 * `entry_position` is where it joined. `queue_dispatch`: the per-channel lease of the process handing
 * out the queue's head, so two processes never both fill one operator's last free slot.
 */
export const queueEntries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('livechat_channel').addColumn('queue_limit', 'integer', (c) => c.notNull().defaultTo(50)).execute();
    await db.schema
      .createTable('queue_entry')
      .addColumn('session_id', 'integer', (c) => c.primaryKey().references('visitor_session.id').onDelete('cascade'))
      .addColumn('channel_id', 'integer', (c) => c.notNull().references('livechat_channel.id').onDelete('cascade'))
      .addColumn('queued_at', 'bigint', (c) => c.notNull())
      .addColumn('entry_position', 'integer', (c) => c.notNull())
      .addColumn('dequeued_at', 'bigint')
      .execute();
    await db.schema.createIndex('queue_entry_channel_idx').on('queue_entry').columns(['channel_id', 'dequeued_at', 'queued_at', 'session_id']).execute();
    await db.schema
      .createTable('queue_dispatch')
      .addColumn('channel_id', 'integer', (c) => c.primaryKey().references('livechat_channel.id').onDelete('cascade'))
      .addColumn('held_until', 'bigint', (c) => c.notNull())
      .execute();
  },
};
