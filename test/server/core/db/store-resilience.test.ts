import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { Harness } from '../../support/harness.js';
import { INIT_ROUTE } from '../../../../src/protocol/routes.js';

// A database restart or an administrator terminating connections must not crash the server: the pool
// drops the dead connections and the next request gets a fresh one.
describe('PostgreSQL connections terminated under a running server', { skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is not set (npm test sets it)' }, () => {
  const h = new Harness('postgres');
  before(() => h.start());
  after(() => h.stop());

  it('keeps serving after every one of its connections was terminated', async () => {
    const { channel } = await h.channelWithOperator();
    assert.equal((await h.call<{ available_for_me: unknown }>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, true);
    const dbName = new URL(h.database.env.DATABASE_URL as string).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
      assert.ok((rowCount ?? 0) > 0, 'the server had connections to terminate');
    } finally {
      await admin.end();
    }
    // Let the pool notice the dead idle connections (their 'error' events) before the next request.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await h.call<{ available_for_me: unknown }>(INIT_ROUTE, { channel_id: channel.id });
    assert.equal(again.available_for_me, true);
  });
});
