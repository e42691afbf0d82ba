import type { Kysely, Migration } from 'kysely';

/**
 * Routing by capacity (issue 26). A channel's capacity is how many active conversations each of its
 * operators holds at once; null, every existing channel's value, is no limit (SPEC.md's behaviour). A
 * membership may override it for one operator. An operator lists the languages they answer in (primary
 * subtags, comma-separated). `reassign_after_seconds`: an unanswered conversation moves on after this
 * long; null is never.
 */
export const routingCapacity: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('livechat_channel').addColumn('capacity', 'integer').execute();
    await db.schema.alterTable('livechat_channel').addColumn('reassign_after_seconds', 'integer', (c) => c.defaultTo(60)).execute();
    await db.schema.alterTable('channel_operator').addColumn('capacity', 'integer').execute();
    await db.schema.alterTable('operator').addColumn('languages', 'varchar(200)', (c) => c.notNull().defaultTo('')).execute();
  },
};
