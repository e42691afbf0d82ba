import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Canned replies (features/canned-replies): each row is shared by a channel or owned by one operator
 * (exactly one of the two). A shortcut is unique within its scope: NULLs never collide in a unique
 * index, so one index per scope keeps shared and personal shortcuts apart on both engines.
 */
export function cannedReplies(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const pg = engine === 'postgres';
      await db.schema
        .createTable('canned_reply')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('channel_id', 'integer', (c) => c.references('livechat_channel.id').onDelete('cascade'))
        .addColumn('operator_id', 'integer', (c) => c.references('operator.id').onDelete('cascade'))
        .addColumn('shortcut', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('canned_reply_one_scope', sql`(channel_id is null) <> (operator_id is null)`)
        .execute();
      await db.schema.createIndex('canned_reply_channel_shortcut_idx').on('canned_reply').columns(['channel_id', 'shortcut']).unique().execute();
      await db.schema.createIndex('canned_reply_operator_shortcut_idx').on('canned_reply').columns(['operator_id', 'shortcut']).unique().execute();
    },
  };
}
