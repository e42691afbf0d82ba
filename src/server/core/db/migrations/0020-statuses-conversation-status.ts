import type { Kysely, Migration } from 'kysely';

/**
 * A conversation's status beside its close (open, waiting for the visitor, snoozed until a time; resolved
 * is the close itself): every existing row is open, as before. The index serves the snooze sweep and the
 * list's counts.
 */
export const conversationStatus: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('visitor_session').addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open')).execute();
    await db.schema.alterTable('visitor_session').addColumn('snoozed_until', 'bigint').execute();
    await db.schema.createIndex('visitor_session_status_idx').on('visitor_session').columns(['status', 'snoozed_until']).execute();
  },
};
