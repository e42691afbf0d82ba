import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Internal notes (features/notes): a table of their own beside `message`, so no read of messages (the
 * widget's history, transcripts, mails, the dataset) can ever carry one to a visitor. The operators a note
 * mentions are kept with it as a JSON list of ids. Each operator's "mail me when I'm mentioned" choice
 * (features/alerts) has its own small table, off unless set.
 */
export function notesMentions(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const pg = engine === 'postgres';
      await db.schema
        .createTable('note')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('session_id', 'integer', (c) => c.notNull().references('visitor_session.id').onDelete('cascade'))
        .addColumn('author_operator_id', 'integer', (c) => c.notNull().references('operator.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('after_message_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mentions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('note_session_idx').on('note').columns(['session_id', 'id']).execute();
      await db.schema
        .createTable('mention_alert')
        .addColumn('operator_id', 'integer', (c) => c.primaryKey().references('operator.id').onDelete('cascade'))
        .addColumn('notify_mention', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
