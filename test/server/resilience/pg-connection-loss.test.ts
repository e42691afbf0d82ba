/**
 * The database ends or loses a connection the app is using (pg_terminate_backend, a reset by the
 * network) during a post, during a held poll and during a batch commit: the process stays up, the
 * call in flight fails with a retryable 503 or completes, and every post is stored once, with the id
 * its client is finally given, and read once by a poll.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Harness } from '../support/harness.js';
import { FaultBench, ProcessFaults, pgOnly } from '../support/fault-apps.js';
import type { ProxiedConnection } from '../support/tcp-proxy.js';
import { isConnectionLost } from '../../../src/server/core/db/connection-errors.js';
import { CHAT_POST_ROUTE, POLL_ROUTE } from '../../../src/protocol/routes.js';

/** The statement of a bus write (store/bus-writes-postgres.ts) and the read of a held poll. */
const BUS_WRITE = 'pg_advisory_xact_lock';
const POLL_READ = 'from "bus_notification" where "channel"';

const newKey = (): string => randomBytes(12).toString('hex');

describe('a PostgreSQL connection lost under a running app', { skip: pgOnly, timeout: 60_000 }, () => {
  const bench = new FaultBench();
  const faults = new ProcessFaults();
  let h: Harness;

  before(async () => {
    await bench.start();
    h = await bench.app();
  });
  after(() => bench.stop());
  beforeEach(() => faults.watch());
  afterEach(() => {
    faults.unwatch();
    assert.deepEqual(faults.seen, [], 'nothing was left unhandled');
  });

  const storedWithKey = async (key: string) => bench.rows<{ id: number }>('SELECT id FROM message WHERE post_key = $1', [key]);

  for (const [fault, cut] of [
    ['terminated by the database', (c: ProxiedConnection) => bench.terminate(c)],
    ['reset on the network', async (c: ProxiedConnection) => c.reset()],
  ] as const) {
    it(`a post whose connection is ${fault} before its write answers 503 with Retry-After; its retry is stored once`, async () => {
      const { session } = await h.visitorSession();
      // The new conversation's listeners publish too (the supervision screen's notice): the held write must be the post's.
      await h.app.events.idle();
      const key = newKey();
      const held = bench.proxy.hold(BUS_WRITE, 'request');
      const first = h.rpc(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'hello', post_key: key });
      await cut(await held);
      const { res, body } = await first;
      assert.equal(res.statusCode, 503);
      assert.equal(res.headers['retry-after'], '2');
      assert.equal(body.error?.data.name, 'livechat.ServiceUnavailable');
      const id = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'hello', post_key: key });
      assert.deepEqual(await storedWithKey(key), [{ id }]);
    });

    it(`a held poll whose read is ${fault} reads again and answers the new message once`, async () => {
      const { session } = await h.visitorSession();
      const last = await h.app.busStore.maxNotificationId();
      const waiting = h.app.busWakeups.size;
      const poll = h.rpc(POLL_ROUTE, { channels: [session.uuid], last });
      while (h.app.busWakeups.size === waiting) await new Promise((r) => setImmediate(r));
      const held = bench.proxy.hold(POLL_READ, 'request');
      const id = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'for the poll', post_key: newKey() });
      await cut(await held);
      const { body } = await poll;
      const answered = (body.result as { message: { id?: number } }[]).filter((n) => n.message.id === id);
      assert.equal(answered.length, 1, JSON.stringify(body));
    });
  }

  it('a post whose commit succeeded but whose answer was lost is answered with its id, stored once', async () => {
    const { session } = await h.visitorSession();
    await h.app.events.idle();
    const key = newKey();
    // The bus statement shares its transaction with the reports' facts, so the answer lost is the commit's.
    const writing = bench.proxy.hold(BUS_WRITE, 'request');
    const first = h.rpc(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'committed', post_key: key });
    const connection = await writing;
    const committed = bench.proxy.hold('commit', 'reply');
    connection.release();
    (await committed).reset();
    const { body } = await first;
    assert.equal(typeof body.result, 'number', JSON.stringify(body));
    assert.deepEqual(await storedWithKey(key), [{ id: body.result }]);
    const again = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'committed', post_key: key });
    assert.equal(again, body.result);
  });

  const batchCases = [
    ['a batch whose commit answer was lost (reset) is found stored, not written again', 'reply', async (c: ProxiedConnection) => c.reset()],
    ['a batch whose connection the database terminates before the write is written again, each job once', 'request', (c: ProxiedConnection) => bench.terminate(c)],
  ] as const;
  for (const [title, what, cut] of batchCases) {
    it(title, async () => {
      const { session } = await h.visitorSession();
      await h.app.events.idle();
      const channel = `resilience-${newKey()}`;
      const keys = [newKey(), newKey(), newKey()];
      const held = bench.proxy.hold(BUS_WRITE, what);
      // Submitted in one event-loop turn: one batch, one statement (bus/group-commit.ts).
      const posts = keys.map((key) =>
        h.app.bus.postMessage({ session_id: session.id, body: `<p>${key}</p>`, author_operator_id: null, post_key: key }, [channel], (row) => ({ id: row.id })),
      );
      const notice = h.app.bus.publish([channel], { info: 'notice' });
      await cut(await held);
      const ids = (await Promise.all(posts)).map((p) => p.message.id);
      await notice;
      for (const [i, key] of keys.entries()) assert.deepEqual(await storedWithKey(key), [{ id: ids[i] }]);
      const announced = await bench.rows<{ message: string }>('SELECT message FROM bus_notification WHERE channel = $1 ORDER BY id', [channel]);
      assert.deepEqual(
        announced.map((n) => JSON.parse(n.message) as unknown),
        [...ids.map((id) => ({ id })), { info: 'notice' }],
        'each message announced once, the notice written once',
      );
    });
  }

  it('a connection the database ends between two statements of a transaction fails the call, not the process', async () => {
    const { operator } = await h.channelWithOperator({ online: false });
    const held = bench.proxy.hold('set "archived_at"', 'reply');
    const archiving = h.app.store.archiveOperator(operator.id, h.clock.now());
    const connection = await held;
    await bench.terminate(connection);
    await connection.closedByServer;
    // The first statement's answer, then the FATAL message: it reaches a client lent out but not querying.
    connection.release();
    await assert.rejects(archiving, (err: unknown) => isConnectionLost(err));
    const [row] = await bench.rows<{ archived_at: number | null }>('SELECT archived_at FROM operator WHERE id = $1', [operator.id]);
    assert.equal(row?.archived_at, null, 'rolled back');
    await h.app.store.archiveOperator(operator.id, h.clock.now());
  });

  it('while the database is unreachable: /readyz and calls answer 503, and all is well once it is back', async () => {
    const { session } = await h.visitorSession();
    await bench.proxy.down();
    try {
      const ready = await h.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 503);
      const { res, body } = await h.rpc(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'during the outage', post_key: newKey() });
      assert.equal(res.statusCode, 503);
      assert.equal(res.headers['retry-after'], '2');
      assert.equal(body.error?.data.name, 'livechat.ServiceUnavailable');
    } finally {
      await bench.proxy.up();
    }
    // The pool reconnects at the next query; the LISTEN connection by its own backoff (bus/pg-listener.ts).
    const deadline = Date.now() + 20_000;
    while ((await h.app.inject({ method: 'GET', url: '/readyz' })).statusCode !== 200) {
      assert.ok(Date.now() < deadline, 'ready again within 20 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const key = newKey();
    const id = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'after the outage', post_key: key });
    assert.deepEqual(await storedWithKey(key), [{ id }]);
  });
});
