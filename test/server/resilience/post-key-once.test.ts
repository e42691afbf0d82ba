/**
 * A post key makes a post exactly-once across processes: a retry that reaches another app while the
 * first attempt is stalled, two writes of one key in one batch, and copies a database stored before the
 * key was unique.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import { registerSearchFunctions } from '../../../src/server/core/db/search-text.js';
import { migrateToLatest, migrationsFor } from '../../../src/server/core/db/migrations/index.js';
import { createTestDatabase, describeEachEngine, type Harness } from '../support/harness.js';
import { FaultBench, pgOnly } from '../support/fault-apps.js';
import { CHAT_POST_ROUTE } from '../../../src/protocol/routes.js';

const newKey = (): string => randomBytes(12).toString('hex');

describe('a retry on another app while the first attempt is stalled', { skip: pgOnly, timeout: 30_000 }, () => {
  const bench = new FaultBench();
  let stalled: Harness;
  let other: Harness;
  before(async () => {
    await bench.start();
    stalled = await bench.app();
    other = await bench.app({ direct: true });
  });
  after(() => bench.stop());

  it('stores one row, and both attempts answer its id', async () => {
    const { session } = await other.visitorSession();
    const key = newKey();
    const held = bench.proxy.hold('pg_advisory_xact_lock', 'request');
    const first = stalled.rpc(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'once', post_key: key });
    const connection = await held;
    const id = await other.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'once', post_key: key });
    connection.release();
    assert.equal((await first).body.result, id);
    assert.deepEqual(await bench.rows('SELECT id FROM message WHERE post_key = $1', [key]), [{ id }]);
    const announced = await bench.rows('SELECT id FROM bus_notification WHERE channel = $1', [session.uuid]);
    assert.equal(announced.length, 1, 'announced once');
  });
});

describeEachEngine('two writes of one post key in one batch', (h) => {
  it('store one message, announced once, and both are answered with it', async () => {
    const { session } = await h.visitorSession();
    const key = newKey();
    const channel = `once-${key}`;
    const post = () => h.app.bus.postMessage({ session_id: session.id, body: '<p>twice</p>', author_operator_id: null, post_key: key }, [channel], (row) => ({ id: row.id }));
    const [a, b, other] = await Promise.all([post(), post(), h.app.bus.publish([channel], { info: 'other' })]);
    assert.equal(a.message.id, b.message.id);
    assert.equal(await h.app.store.findMessageIdByPostKey(session.id, key), a.message.id);
    assert.equal((await h.app.store.listMessages(session.id, 10)).length, 1);
    assert.deepEqual(
      (await h.app.busStore.listNotifications({ channels: [channel], afterId: 0 })).map((n) => JSON.parse(n.message) as unknown),
      [{ id: a.message.id }, { info: 'other' }],
    );
    assert.equal(other.length, 1, 'the other write of the batch was written');
  });
});

describeEachEngine('a post sent without a key', (h) => {
  it('is stored with a key from the server, so a write whose commit is unknown can be found', async () => {
    const { session, cookie } = await h.visitorSession();
    const fromOperator = await h.call<number>(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'from the console' }, { cookie });
    const fromVisitor = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'from an older widget' });
    const keys = (await h.app.store.listMessages(session.id, 10)).map((m) => [m.id, typeof m.post_key === 'string' && m.post_key.length > 0]);
    assert.deepEqual(keys.sort(), [
      [fromOperator, true],
      [fromVisitor, true],
    ].sort());
  });
});

for (const engine of ['sqlite', 'postgres'] as const) {
  describe(`migration 0014_message_post_key_unique [${engine}]`, { skip: engine === 'postgres' && pgOnly }, () => {
    it('keeps the lowest id’s key of stored copies and makes the key unique per conversation', async () => {
      const database = await createTestDatabase(engine);
      const db =
        engine === 'postgres'
          ? new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.env.DATABASE_URL, max: 2 }) }) })
          : new Kysely<unknown>({ dialect: new SqliteDialect({ database: registerSearchFunctions(new SqliteDatabase(path.join(database.env.DATA_DIR!, 'livechat.sqlite'))) }) });
      try {
        const before: Record<string, Migration> = Object.fromEntries(Object.entries(migrationsFor(engine)).filter(([name]) => name < '0014'));
        const { error } = await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest();
        if (error) throw error;
        await sql`insert into livechat_channel (name, button_text, default_message, input_placeholder, created_at) values ('Web', 'b', 'd', 'i', 1)`.execute(db);
        await sql`insert into operator (login, display_name, password_hash, created_at) values ('op', 'Op', 'x', 1)`.execute(db);
        for (const n of [1, 2]) await sql`insert into visitor_session (uuid, channel_id, operator_id, anonymous_name, name, created_at) values (${`u-${n}`}, 1, 1, 'V', 'V', 1)`.execute(db);
        for (const [session, key] of [[1, 'k'], [1, 'k'], [1, 'k'], [2, 'k'], [1, null], [1, null]] as const) {
          await sql`insert into message (session_id, body, created_at, post_key) values (${session}, 'x', 1, ${key})`.execute(db);
        }
        await migrateToLatest(db, engine);
        const rows = (await sql<{ id: number; post_key: string | null }>`select id, post_key from message order by id`.execute(db)).rows;
        assert.deepEqual(rows.map((r) => [Number(r.id), r.post_key]), [[1, 'k'], [2, null], [3, null], [4, 'k'], [5, null], [6, null]]);
        await assert.rejects(sql`insert into message (session_id, body, created_at, post_key) values (1, 'x', 1, 'k')`.execute(db));
        await sql`insert into message (session_id, body, created_at, post_key) values (1, 'x', 1, null)`.execute(db);
      } finally {
        await db.destroy();
        await database.drop();
      }
    });
  });
}
