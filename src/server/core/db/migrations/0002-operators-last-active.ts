import type { Kysely, Migration } from 'kysely';

/** Operator presence "away" needs the last activity the console's poll reports (PROTOCOL.md §4.3). */
export const operatorLastActive: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('operator').addColumn('last_active', 'bigint').execute();
  },
};
