import type { Kysely, Migration } from 'kysely';

/**
 * Knowing who is asking (issue 14): the channel's pre-chat form and identity secret, and what a visitor
 * session knows of its visitor. The secret has a table of its own, which no channel query selects, so it
 * is never read back with a channel.
 */
export const visitorIdentity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('livechat_channel').addColumn('prechat_form', 'text', (c) => c.notNull().defaultTo('off')).execute();
    await db.schema
      .createTable('channel_identity_secret')
      .addColumn('channel_id', 'integer', (c) => c.primaryKey().references('livechat_channel.id').onDelete('cascade'))
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    for (const column of ['visitor_id', 'email', 'context', 'user_agent', 'time_zone', 'language']) {
      await db.schema.alterTable('visitor_session').addColumn(column, 'text').execute();
    }
    await db.schema.alterTable('visitor_session').addColumn('identity', 'text', (c) => c.notNull().defaultTo('anonymous')).execute();
    await db.schema.createIndex('visitor_session_visitor_idx').on('visitor_session').columns(['channel_id', 'visitor_id']).execute();
    await db.schema.createIndex('visitor_session_email_idx').on('visitor_session').columns(['channel_id', 'email']).execute();
  },
};
