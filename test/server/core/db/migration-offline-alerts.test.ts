/**
 * Migration 0008 on a database that already holds conversations: on SQLite the visitor_session table is
 * rebuilt (a column cannot lose NOT NULL in place), so rows, ids, indexes and every reference into it
 * must survive, and dropping the old table must not cascade into messages, attachments or ratings.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import { registerSearchFunctions } from '../../../../src/server/core/db/search-text.js';
import { migrateToLatest, migrationsFor } from '../../../../src/server/core/db/migrations/index.js';
import type { Engine } from '../../../../src/server/core/db/database.js';
import { createTestDatabase, type EngineName } from '../../support/harness.js';

async function openRaw(engine: EngineName, env: Record<string, string>): Promise<Kysely<unknown>> {
  if (engine === 'postgres') return new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 }) }) });
  const sqlite = registerSearchFunctions(new SqliteDatabase(path.join(env.DATA_DIR!, 'livechat.sqlite')));
  sqlite.pragma('foreign_keys = ON');
  return new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Runs the migrations whose names sort before `first`, as a database made before it would have. */
async function migrateBefore(db: Kysely<unknown>, engine: Engine, first: string): Promise<void> {
  const all = migrationsFor(engine);
  const before: Record<string, Migration> = Object.fromEntries(Object.entries(all).filter(([name]) => name < first));
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
  if (error) throw error;
}

async function rows<T>(db: Kysely<unknown>, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

for (const engine of ['sqlite', 'postgres'] as const) {
  const skip = engine === 'postgres' && !process.env.TEST_DATABASE_URL ? 'PostgreSQL variant NOT RUN: TEST_DATABASE_URL is not set (npm test sets it)' : false;
  describe(`migration 0008_offline_messages_alerts [${engine}]`, { skip }, () => {
    it('keeps every conversation, message, attachment and rating and lets a conversation have no operator', async () => {
      const database = await createTestDatabase(engine);
      const db = await openRaw(engine, database.env);
      try {
        await migrateBefore(db, engine, '0008');
        await sql`insert into livechat_channel (name, button_text, default_message, input_placeholder, created_at) values ('Web', 'b', 'd', 'i', 1)`.execute(db);
        await sql`insert into operator (login, display_name, password_hash, created_at) values ('op', 'Op', 'x', 1)`.execute(db);
        for (const n of [1, 2, 3]) {
          await sql`insert into visitor_session (uuid, channel_id, operator_id, anonymous_name, name, created_at) values (${`uuid-${n}`}, 1, 1, 'Visitor', ${`Visitor ${n}`}, ${n})`.execute(db);
          await sql`insert into message (session_id, body, created_at) values (${n}, ${`hello ${n}`}, ${n})`.execute(db);
        }
        await sql`insert into attachment (public_id, session_id, message_id, name, mimetype, type, created_at) values ('pub', 2, 2, 'a.txt', 'text/plain', 'file', 1)`.execute(db);
        await sql`insert into rating (session_id, rate, reason, created_at, updated_at) values (3, 5, 'good', 1, 1)`.execute(db);

        await migrateToLatest(db, engine);

        assert.deepEqual(
          (await rows<{ id: number; uuid: string; operator_id: number; origin: string }>(db, sql`select id, uuid, operator_id, origin from visitor_session order by id`)).map((r) => ({ ...r, id: Number(r.id) })),
          [1, 2, 3].map((n) => ({ id: n, uuid: `uuid-${n}`, operator_id: 1, origin: 'chat' })),
        );
        assert.equal((await rows(db, sql`select id from message`)).length, 3, 'no message was cascaded away');
        assert.equal((await rows(db, sql`select id from attachment`)).length, 1);
        assert.equal((await rows(db, sql`select id from rating`)).length, 1);

        // A conversation without an operator, a new id after the old ones, and the unique uuid still enforced.
        await sql`insert into visitor_session (uuid, channel_id, operator_id, anonymous_name, name, created_at, origin) values ('uuid-4', 1, null, 'Ann', 'Ann', 4, 'offline')`.execute(db);
        assert.equal(Number((await rows<{ id: number }>(db, sql`select id from visitor_session where uuid = 'uuid-4'`))[0]!.id), 4);
        await assert.rejects(sql`insert into visitor_session (uuid, channel_id, operator_id, anonymous_name, name, created_at) values ('uuid-4', 1, 1, 'V', 'V', 5)`.execute(db));
        // References still hold both ways: an unknown operator is refused, deleting a conversation removes its messages.
        await assert.rejects(sql`insert into visitor_session (uuid, channel_id, operator_id, anonymous_name, name, created_at) values ('uuid-5', 1, 99, 'V', 'V', 5)`.execute(db));
        await sql`delete from visitor_session where id = 1`.execute(db);
        assert.equal((await rows(db, sql`select id from message`)).length, 2);

        const channel = (await rows<{ offline_mode: string; offline_text: string; missed_after_seconds: number }>(db, sql`select offline_mode, offline_text, missed_after_seconds from livechat_channel`))[0]!;
        assert.deepEqual({ ...channel, missed_after_seconds: Number(channel.missed_after_seconds) }, { offline_mode: 'hide_button', offline_text: 'Leave us a message', missed_after_seconds: 120 });
        if (engine === 'sqlite') {
          const indexes = (await rows<{ name: string }>(db, sql`select name from sqlite_master where type = 'index' and tbl_name = 'visitor_session'`)).map((r) => r.name);
          assert.ok(indexes.includes('visitor_session_operator_idx'), 'the earlier index was recreated');
          assert.ok(indexes.includes('visitor_session_created_idx'));
          assert.equal((await rows(db, sql`select name from sqlite_master where name = 'visitor_session_rebuilt'`)).length, 0);
          assert.deepEqual(await rows(db, sql`pragma foreign_key_check`), []);
        }
        // The alert row is unique per conversation and kind.
        await sql`insert into alert_mail (session_id, kind, state, created_at, updated_at) values (2, 'missed_chat', 'sent', 1, 1)`.execute(db);
        await assert.rejects(sql`insert into alert_mail (session_id, kind, state, created_at, updated_at) values (2, 'missed_chat', 'sending', 1, 1)`.execute(db));
      } finally {
        await db.destroy();
        await database.drop();
      }
    });
  });
}
