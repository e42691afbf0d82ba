import type { Kysely, Migration } from 'kysely';

/**
 * A role per channel membership (issue 26): every existing member stays a plain operator; a supervisor
 * reads and manages every conversation of the channel.
 */
export const channelRole: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('channel_operator').addColumn('role', 'varchar(16)', (c) => c.notNull().defaultTo('operator')).execute();
  },
};
