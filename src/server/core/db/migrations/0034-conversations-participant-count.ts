import { sql, type Kysely, type Migration } from 'kysely';

/**
 * `visitor_session.participant_count`: the operators invited into the conversation, read with the
 * conversation itself, so a post's listeners know without a query that nobody else follows it (see
 * `message.posted`). Filled from the rows already there.
 */
export const conversationsParticipantCount: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('visitor_session').addColumn('participant_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update visitor_session set participant_count = (select count(*) from conversation_participant p where p.session_id = visitor_session.id)
      where id in (select session_id from conversation_participant)`.execute(db);
  },
};
