import type { Kysely, Migration } from 'kysely';

/**
 * Bounded storage:
 * - `upload_usage`: bytes stored per key and UTC day (a client address, a channel, an operator), so
 *   upload budgets hold across conversations, restarts and every server process on one database;
 * - `livechat_channel.retention_days`: how long the channel keeps ended conversations (null: forever);
 * - `conversation_tally`: what the statistics count of conversations the retention job deleted
 *   (conversations per UTC day, ratings per value), per channel and operator;
 * - an index for the job's search of ended conversations.
 */
export const storageBounds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('upload_usage')
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('day', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('upload_usage_pk', ['key', 'day'])
      .execute();
    await db.schema.createIndex('upload_usage_day_idx').on('upload_usage').column('day').execute();
    await db.schema.alterTable('livechat_channel').addColumn('retention_days', 'integer').execute();
    await db.schema
      .createTable('conversation_tally')
      .addColumn('channel_id', 'integer', (c) => c.notNull())
      // 0 for a conversation without an operator (an offline message nobody answered).
      .addColumn('operator_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'bigint', (c) => c.notNull())
      // Whether the conversations were chats or offline messages: the console's access rule tells them apart.
      .addColumn('origin', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'integer', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('conversation_tally_pk', ['channel_id', 'operator_id', 'origin', 'day', 'kind', 'value'])
      .execute();
    await db.schema.createIndex('visitor_session_channel_closed_idx').on('visitor_session').columns(['channel_id', 'closed_at']).execute();
  },
};
