import type { Kysely, Migration } from 'kysely';

/** Removing an operator archives it: its past conversations reference it (issue 7, admin management). */
export const operatorArchivedAt: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('operator').addColumn('archived_at', 'bigint').execute();
  },
};
