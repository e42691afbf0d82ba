/**
 * Migration 0016 on a database that already holds conversations: a visitor who had said who they were
 * keeps their name in the console, an anonymous one (or one known only by address) gets the numbered
 * label (protocol/visitor-label.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import { registerSearchFunctions } from '../../../../src/server/core/db/search-text.js';
import { migrateToLatest, migrationsFor } from '../../../../src/server/core/db/migrations/index.js';
import { createTestDatabase, type EngineName } from '../../support/harness.js';

async function openRaw(engine: EngineName, env: Record<string, string>): Promise<Kysely<unknown>> {
  if (engine === 'postgres') return new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: env.DATABASE_URL, max: 2 }) }) });
  return new Kysely<unknown>({ dialect: new SqliteDialect({ database: registerSearchFunctions(new SqliteDatabase(path.join(env.DATA_DIR!, 'livechat.sqlite'))) }) });
}

for (const engine of ['sqlite', 'postgres'] as const) {
  const skip = engine === 'postgres' && !process.env.TEST_DATABASE_URL ? 'PostgreSQL variant NOT RUN: TEST_DATABASE_URL is not set (npm test sets it)' : false;
  describe(`migration 0016_visitor_label [${engine}]`, { skip }, () => {
    it('marks as named the visitors who had given a name, and no one else', async () => {
      const database = await createTestDatabase(engine);
      const db = await openRaw(engine, database.env);
      try {
        const before: Record<string, Migration> = Object.fromEntries(Object.entries(migrationsFor(engine)).filter(([name]) => name < '0016'));
        const { error } = await new Migrator({ db, provider: { getMigrations: async () => before }, allowUnorderedMigrations: true }).migrateToLatest();
        if (error) throw error;
        await sql`insert into livechat_channel (name, button_text, default_message, input_placeholder, created_at) values ('Web', 'b', 'd', 'i', 1)`.execute(db);
        await sql`insert into operator (login, display_name, password_hash, created_at) values ('op', 'Op', 'x', 1)`.execute(db);
        const sessions: [string, string, number][] = [
          ['Visitor', 'anonymous', 0],
          ['Grace', 'unverified', 0],
          ['Visitor', 'unverified', 0],
          ['Ada', 'verified', 1],
        ];
        for (const [i, [name, identity, verified]] of sessions.entries()) {
          await sql`insert into visitor_session (uuid, channel_id, operator_id, anonymous_name, name, created_at, identity, name_verified) values (${`uuid-${i}`}, 1, 1, ${name}, ${name}, 1, ${identity}, ${verified})`.execute(db);
        }

        await migrateToLatest(db, engine);

        const given = (await sql<{ anonymous_name: string; name_given: number }>`select anonymous_name, name_given from visitor_session order by id`.execute(db)).rows;
        assert.deepEqual(
          given.map((r) => [r.anonymous_name, Number(r.name_given)]),
          [
            ['Visitor', 0],
            ['Grace', 1],
            ['Visitor', 0],
            ['Ada', 1],
          ],
        );
      } finally {
        await db.destroy();
        await database.drop();
      }
    });
  });
}
