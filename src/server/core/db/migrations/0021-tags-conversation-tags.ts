import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * Conversation tags (features/tags): a channel's tags, unique per channel by their case-folded name, and
 * which conversations carry them. Deleting a tag, a conversation or a channel takes its rows along.
 */
export function conversationTags(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const pg = engine === 'postgres';
      await db.schema
        .createTable('conversation_tag')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('channel_id', 'integer', (c) => c.notNull().references('livechat_channel.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('conversation_tag_name_unique', ['channel_id', 'name_key'])
        .execute();
      await db.schema
        .createTable('conversation_tagging')
        .addColumn('session_id', 'integer', (c) => c.notNull().references('visitor_session.id').onDelete('cascade'))
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('conversation_tag.id').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('conversation_tagging_pk', ['session_id', 'tag_id'])
        .execute();
      // The list's filter looks conversations up by tag.
      await db.schema.createIndex('conversation_tagging_tag_idx').on('conversation_tagging').columns(['tag_id', 'session_id']).execute();
    },
  };
}
