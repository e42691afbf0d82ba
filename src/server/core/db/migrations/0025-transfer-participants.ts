import type { Kysely, Migration } from 'kysely';

/**
 * Conversation participants (features/transfer): operators invited into a conversation beside the one
 * serving it. The access rule (conversation-access-store.ts) lets them read and answer it. Removing the
 * conversation or the operator takes the row along.
 */
export const transferParticipants: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('conversation_participant')
      .addColumn('session_id', 'integer', (c) => c.notNull().references('visitor_session.id').onDelete('cascade'))
      .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id').onDelete('cascade'))
      .addColumn('invited_by', 'integer', (c) => c.references('operator.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('conversation_participant_pk', ['session_id', 'operator_id'])
      .execute();
    // The access rule and the "mine" view look participations up by operator.
    await db.schema.createIndex('conversation_participant_operator_idx').on('conversation_participant').columns(['operator_id', 'session_id']).execute();
  },
};
