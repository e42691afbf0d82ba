import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../engine.js';

/**
 * The outbox (core/outbox): side effects performed at least once, in order per key, with retries. A sweep
 * reads due rows by state and time; a claim looks for unfinished earlier rows of its key.
 */
export function coreOutbox(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const pg = engine === 'postgres';
      await db.schema
        .createTable('outbox')
        .addColumn('id', pg ? 'bigserial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('topic', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('claimed_until', 'bigint')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['state', 'next_attempt_at']).execute();
      await db.schema.createIndex('outbox_key_idx').on('outbox').columns(['key', 'id']).execute();
    },
  };
}
