import type { Kysely, Migration } from 'kysely';

/**
 * Business hours (features/business-hours): one row per channel that has them; a channel without a row
 * is open whenever someone is online, as before. The week and the closed dates are JSON text, read and
 * written whole by the feature's store.
 */
export const channelBusinessHours: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('channel_business_hours')
      .addColumn('channel_id', 'integer', (c) => c.primaryKey().references('livechat_channel.id').onDelete('cascade'))
      .addColumn('time_zone', 'text', (c) => c.notNull())
      .addColumn('week', 'text', (c) => c.notNull())
      .addColumn('closed_dates', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
