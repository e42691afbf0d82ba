import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A post key makes a post exactly-once across processes and restarts: one message per conversation and
 * key, enforced by the database (the check-then-insert of a retry racing its stalled first attempt on
 * another process stored two). Copies stored before keep their text; only the lowest id keeps the key,
 * as that is the id the first answer gave. Messages without a key (NULL) never conflict.
 */
export const postKeyUnique: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update message set post_key = null
      where post_key is not null
        and id > (select min(m.id) from message m where m.session_id = message.session_id and m.post_key = message.post_key)`.execute(db);
    await db.schema.dropIndex('message_session_post_key').execute();
    await db.schema.createIndex('message_session_post_key_unique').on('message').columns(['session_id', 'post_key']).unique().execute();
  },
};
