import type { Kysely, Migration } from 'kysely';

/** Limits shared by every process on one database (issue 11). */
export const rateCounter: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_counter')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_counter_reset_at').on('rate_counter').column('reset_at').execute();
  },
};
