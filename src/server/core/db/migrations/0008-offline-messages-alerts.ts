import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * A message left while nobody was online is a conversation without an operator, so
 * `visitor_session.operator_id` loses its NOT NULL. PostgreSQL drops the constraint in place. SQLite
 * cannot alter a column: the table is rebuilt from its own current definition (whatever columns earlier
 * migrations added), rows, ids and indexes kept. Foreign keys are off meanwhile, or dropping the old
 * table would cascade into every message, attachment and rating; the check afterwards proves nothing
 * was left dangling.
 */
async function operatorOptional(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`alter table visitor_session alter column operator_id drop not null`.execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'visitor_session'`.execute(db);
  const definition = table.rows[0]?.sql ?? '';
  const column = /("operator_id"\s+integer)\s+not null/i;
  if (!column.test(definition)) throw new Error('visitor_session.operator_id is not the NOT NULL column this migration expects');
  const rebuilt = definition.replace(column, '$1').replace(/^CREATE TABLE\s+"visitor_session"/i, 'CREATE TABLE "visitor_session_rebuilt"');
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'visitor_session' and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(rebuilt).execute(trx);
      await sql`insert into visitor_session_rebuilt select * from visitor_session`.execute(trx);
      await sql`drop table visitor_session`.execute(trx);
      await sql`alter table visitor_session_rebuilt rename to visitor_session`.execute(trx);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(trx);
      const dangling = await sql`pragma foreign_key_check`.execute(trx);
      if (dangling.rows.length > 0) throw new Error(`rebuilding visitor_session left ${dangling.rows.length} dangling references`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Issue 14, offline messages and alerts for operators:
 * - channels: what the button does while nobody is online (`offline_mode`, SPEC.md §8's hiding by
 *   default), the offline button's text, and after how long an unanswered chat counts as missed;
 * - operators: whether each alert reaches them by e-mail (their address was already a column);
 * - conversations: where they came from (`origin`: a chat, or the offline form); an offline message
 *   has no operator (the visitor's address, where answers go, is the session's `email`, added by 0009);
 * - `alert_mail`: one row per conversation and kind of alert, claimed before the mail is sent, so several
 *   server processes on one database never send it twice.
 */
export function offlineMessagesAlerts(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await operatorOptional(db, engine);
      await db.schema.alterTable('livechat_channel').addColumn('offline_mode', 'text', (c) => c.notNull().defaultTo('hide_button')).execute();
      await db.schema.alterTable('livechat_channel').addColumn('offline_text', 'text', (c) => c.notNull().defaultTo('Leave us a message')).execute();
      await db.schema.alterTable('livechat_channel').addColumn('missed_after_seconds', 'integer', (c) => c.notNull().defaultTo(120)).execute();
      await db.schema.alterTable('operator').addColumn('notify_missed_chat', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('operator').addColumn('notify_offline_message', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('visitor_session').addColumn('origin', 'text', (c) => c.notNull().defaultTo('chat')).execute();
      // The alert sweep reads recent conversations; the console lists a channel's offline messages.
      await db.schema.createIndex('visitor_session_created_idx').on('visitor_session').column('created_at').execute();
      await db.schema.createIndex('visitor_session_channel_origin_idx').on('visitor_session').columns(['channel_id', 'origin', 'id']).execute();
      await db.schema
        .createTable('alert_mail')
        .addColumn('session_id', 'integer', (c) => c.notNull().references('visitor_session.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('alert_mail_pk', ['session_id', 'kind'])
        .execute();
      await db.schema.createIndex('alert_mail_retry_idx').on('alert_mail').columns(['state', 'next_attempt_at']).execute();
    },
  };
}
