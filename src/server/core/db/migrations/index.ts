import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Engine } from '../engine.js';
import { offlineMessagesAlerts } from './offline-messages-alerts.js';
import { storageBounds } from './limits-storage-bounds.js';
import { visitorVerifiedFields } from './visitor-identity-verified-fields.js';
import { postKeyUnique } from './conversations-post-key-unique.js';
import { operatorProfile } from './profiles-operator-profile.js';
import { visitorNameGiven } from './visitors-label.js';

/** Column types that differ between the two engines. */
function types(engine: Engine) {
  const pg = engine === 'postgres';
  return {
    serial: pg ? ('serial' as const) : ('integer' as const),
    bigserial: pg ? ('bigserial' as const) : ('integer' as const),
    millis: 'bigint' as const,
    bytes: pg ? ('bytea' as const) : ('blob' as const),
  };
}

/* eslint-disable max-lines-per-function -- the one exception to the size limit: a migration that ran is never edited, and the first one is the whole schema of its day. */
// `unknown` schema: migrations describe the past, so they must not follow today's Database type.
function initial(engine: Engine): Migration {
  const t = types(engine);
  const idColumn = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T): T => (engine === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
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
      await db.schema
        .createTable('bus_notification')
        .addColumn('id', t.bigserial, idColumn)
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bus_notification_channel_idx').on('bus_notification').columns(['channel', 'id']).execute();
      await db.schema.createIndex('bus_notification_created_idx').on('bus_notification').column('created_at').execute();
    },
  };
}
/* eslint-enable max-lines-per-function */

/** Operator presence "away" needs the last activity the console's poll reports (PROTOCOL.md §4.3). */
const operatorLastActive: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('operator').addColumn('last_active', 'bigint').execute();
  },
};

/** Removing an operator archives it: its past conversations reference it (issue 7, admin management). */
const operatorArchivedAt: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('operator').addColumn('archived_at', 'bigint').execute();
  },
};

/** The console's away flag, stored so it survives restarts and is shared by every server process. */
const operatorAway: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('operator').addColumn('away', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};

/** Limits shared by every process on one database (issue 11). */
const rateCounter: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_counter')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_counter_reset_at').on('rate_counter').column('reset_at').execute();
  },
};

/** Post keys in the database, so a retry that reaches another process finds the stored message (issue 11). */
const messagePostKey: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('message').addColumn('post_key', 'text').execute();
    await db.schema.createIndex('message_session_post_key').on('message').columns(['session_id', 'post_key']).execute();
  },
};

/**
 * Issue 15: whether and what visitors may upload, per channel (on by default, the defaults of
 * protocol/visitor-upload.ts), and the newest message an operator has read in each conversation, for the
 * visitor's "Seen" receipt.
 */
const visitorUploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('livechat_channel').addColumn('visitor_uploads', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('livechat_channel').addColumn('visitor_upload_max_bytes', 'integer', (c) => c.notNull().defaultTo(10 * 1024 * 1024)).execute();
    await db.schema
      .alterTable('livechat_channel')
      .addColumn('visitor_upload_types', 'text', (c) => c.notNull().defaultTo('image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain'))
      .execute();
    await db.schema.alterTable('visitor_session').addColumn('operator_seen_message_id', 'integer').execute();
  },
};

/**
 * Knowing who is asking (issue 14): the channel's pre-chat form and identity secret, and what a visitor
 * session knows of its visitor. The secret has a table of its own, which no channel query selects, so it
 * is never read back with a channel.
 */
const visitorIdentity: Migration = {
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

/** Every migration, in order; names sort lexically, so keep the numeric prefix. */
export function migrationsFor(engine: Engine): Record<string, Migration> {
  return { '0001_initial': initial(engine), '0002_operator_last_active': operatorLastActive, '0003_operator_archived_at': operatorArchivedAt, '0004_operator_away': operatorAway, '0005_rate_counter': rateCounter, '0006_message_post_key': messagePostKey, '0007_visitor_uploads': visitorUploads, '0008_offline_messages_alerts': offlineMessagesAlerts(engine), '0009_visitor_identity': visitorIdentity, '0010_storage_bounds': storageBounds, '0011_visitor_verified_fields': visitorVerifiedFields, '0014_message_post_key_unique': postKeyUnique, '0015_operator_profile': operatorProfile, '0016_visitor_label': visitorNameGiven };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly engine: Engine) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.engine);
  }
}

/** Thrown when the schema could not be brought up to date; the server must not start half-migrated. */
export class MigrationError extends Error {
  readonly code = 'migration_failed';
}

/** Brings the schema up to date; Kysely's migration lock makes concurrent starts on one PostgreSQL safe. */
export async function migrateToLatest(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // Features land side by side, each with its own numbered migration: one that landed after a database
  // already ran a later number still runs, since none depends on another's columns.
  const migrator = new Migrator({ db, provider: new InCodeProvider(engine), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
