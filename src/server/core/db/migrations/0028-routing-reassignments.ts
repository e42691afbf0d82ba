import type { Kysely, Migration } from 'kysely';

/**
 * Who an open conversation went to, and when (features/routing): the reassignment after delay skips every
 * operator listed (once per operator) and counts its delay from the latest row. Deleting a conversation
 * takes its rows along.
 */
export const routingReassignments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('routing_assignment')
      .addColumn('session_id', 'integer', (c) => c.notNull().references('visitor_session.id').onDelete('cascade'))
      .addColumn('operator_id', 'integer', (c) => c.notNull())
      .addColumn('assigned_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('routing_assignment_pk', ['session_id', 'operator_id'])
      .execute();
  },
};
