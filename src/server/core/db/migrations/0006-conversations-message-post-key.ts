import type { Kysely, Migration } from 'kysely';

/** Post keys in the database, so a retry that reaches another process finds the stored message (issue 11). */
export const messagePostKey: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('message').addColumn('post_key', 'text').execute();
    await db.schema.createIndex('message_session_post_key').on('message').columns(['session_id', 'post_key']).execute();
  },
};
