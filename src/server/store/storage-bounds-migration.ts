import type { Kysely, Migration } from 'kysely';

/**
 * Bounded storage: bytes stored per key and UTC day (a client address, a channel, an operator), so
 * upload budgets hold across conversations, restarts and every server process on one database.
 */
export const storageBounds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('upload_usage')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('upload_usage_pk', ['key', 'day'])
      .execute();
    await db.schema.createIndex('upload_usage_day_idx').on('upload_usage').column('day').execute();
  },
};
