import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../engine.js';
import { types } from './column-types.js';

/** What each table group needs: the engine's column types and how an id column is made. */
interface Columns {
  t: ReturnType<typeof types>;
  idColumn: <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) => T;
}

/** Channels, operators, who answers which channel, and the operators' browser sessions. */
async function channelsAndOperators(db: Kysely<unknown>, { t, idColumn }: Columns): Promise<void> {
  await db.schema
    .createTable('livechat_channel')
    .addColumn('id', t.serial, idColumn)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('button_text', 'text', (c) => c.notNull())
    .addColumn('default_message', 'text', (c) => c.notNull())
    .addColumn('input_placeholder', 'text', (c) => c.notNull())
    .addColumn('button_background_color', 'text')
    .addColumn('button_text_color', 'text')
    .addColumn('header_background_color', 'text')
    .addColumn('title_color', 'text')
    .addColumn('rule_action', 'text', (c) => c.notNull().defaultTo('display_button'))
    .addColumn('auto_popup_timer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rule_url_pattern', 'text')
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('operator')
    .addColumn('id', t.serial, idColumn)
    .addColumn('login', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('avatar', t.bytes)
    .addColumn('avatar_mimetype', 'text')
    .addColumn('last_seen', t.millis)
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('channel_operator')
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('livechat_channel.id').onDelete('cascade'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('channel_operator_pk', ['channel_id', 'operator_id'])
    .execute();
  await db.schema
    .createTable('web_session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id').onDelete('cascade'))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('expires_at', t.millis, (c) => c.notNull())
    .execute();
}

/** Visitor sessions and their messages. */
async function conversations(db: Kysely<unknown>, { t, idColumn }: Columns): Promise<void> {
  await db.schema
    .createTable('visitor_session')
    .addColumn('id', t.serial, idColumn)
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('channel_id', 'integer', (c) => c.notNull().references('livechat_channel.id'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operator.id'))
    .addColumn('anonymous_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('page_history', 'text')
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('closed_at', t.millis)
    .execute();
  await db.schema.createIndex('visitor_session_operator_idx').on('visitor_session').columns(['operator_id', 'closed_at']).execute();
  await db.schema
    .createTable('message')
    .addColumn('id', t.serial, idColumn)
    .addColumn('session_id', 'integer', (c) => c.notNull().references('visitor_session.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_operator_id', 'integer', (c) => c.references('operator.id').onDelete('set null'))
    .addColumn('message_type', 'text', (c) => c.notNull().defaultTo('comment'))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('message_session_idx').on('message').columns(['session_id', 'id']).execute();
}

/** Files of messages and the visitors' ratings. */
async function attachmentsAndRatings(db: Kysely<unknown>, { t, idColumn }: Columns): Promise<void> {
  await db.schema
    .createTable('attachment')
    .addColumn('id', t.serial, idColumn)
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('session_id', 'integer', (c) => c.references('visitor_session.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) => c.references('message.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mimetype', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('data', t.bytes)
    .addColumn('file_size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attachment_message_idx').on('attachment').column('message_id').execute();
  await db.schema
    .createTable('rating')
    .addColumn('id', t.serial, idColumn)
    .addColumn('session_id', 'integer', (c) => c.notNull().unique().references('visitor_session.id').onDelete('cascade'))
    .addColumn('rate', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .addColumn('updated_at', t.millis, (c) => c.notNull())
    .execute();
}

/** The bus's notifications, read by the long polls. */
async function bus(db: Kysely<unknown>, { t, idColumn }: Columns): Promise<void> {
  await db.schema
    .createTable('bus_notification')
    .addColumn('id', t.bigserial, idColumn)
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', t.millis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bus_notification_channel_idx').on('bus_notification').columns(['channel', 'id']).execute();
  await db.schema.createIndex('bus_notification_created_idx').on('bus_notification').column('created_at').execute();
}

/**
 * The whole schema of its day. A migration that ran is never edited: the table groups are split into
 * functions for the size limit only, and run the same statements in the same order.
 */
// `unknown` schema: migrations describe the past, so they must not follow today's Database type.
export function initialSchema(engine: Engine): Migration {
  const columns: Columns = {
    t: types(engine),
    idColumn: (c) => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()),
  };
  return {
    async up(db: Kysely<unknown>) {
      await channelsAndOperators(db, columns);
      await conversations(db, columns);
      await attachmentsAndRatings(db, columns);
      await bus(db, columns);
    },
  };
}
