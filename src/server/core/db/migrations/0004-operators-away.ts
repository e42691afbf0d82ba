import type { Kysely, Migration } from 'kysely';

/** The console's away flag, stored so it survives restarts and is shared by every server process. */
export const operatorAway: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('operator').addColumn('away', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
