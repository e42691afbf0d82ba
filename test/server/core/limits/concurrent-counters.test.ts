/**
 * Limits must never fail a legitimate request: concurrent posts through one or two processes on one
 * database count every hit without a deadlock or a serialization failure reaching a visitor.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { Kysely, KyselyPlugin } from 'kysely';
import { buildApp } from '../../../../src/server/app.js';
import { DatabaseCounterStore } from '../../../../src/server/core/limits/database-counter-store.js';
import type { Database } from '../../../../src/server/core/db/tables.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';
import { GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';

/** `count` visitor sessions on one channel. */
async function sessions(h: Harness, count: number): Promise<string[]> {
  const { channel } = await h.channelWithOperator();
  const uuids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const s = await h.call<{ uuid: string }>(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: `V${i}` });
    uuids.push(s.uuid);
  }
  return uuids;
}

/** One post over HTTP, as a browser sends it: requests of many posters then interleave in the event loop. */
async function post(base: string, uuid: string, text: string): Promise<string> {
  const res = await fetch(`${base}/mail/chat_post`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { uuid, message_content: text } }),
  });
  const body = (await res.json()) as { error?: { data: { message: string } } };
  return body.error === undefined ? String(res.status) : `${res.status} ${body.error.data.message}`;
}

describeEachEngine(
  'concurrent posters never meet a limit error',
  (h) => {
    it('64 concurrent posters on two processes: every post is answered', async () => {
      const other = await buildApp({ config: h.app.config, clock: h.clock });
      const bases: string[] = [];
      for (const app of [h.app, other]) bases.push(await app.listen({ port: 0, host: '127.0.0.1' }));
      try {
        const uuids = await sessions(h, 16);
        const failures: string[] = [];
        // Every poster from the same address (an office behind one NAT), in one of 16 sessions: batches of
        // counter hits then hold the same keys in changing orders.
        await Promise.all(
          [...Array(64).keys()].map(async (i) => {
            for (let round = 0; round < 8; round += 1) {
              const answer = await post(bases[i % 2]!, uuids[(i + round * 7) % uuids.length]!, `hello ${round}`);
              if (answer !== '200') failures.push(`poster ${i} round ${round}: ${answer}`);
            }
          }),
        );
        assert.deepEqual(failures.slice(0, 5), []);
      } finally {
        await other.close();
      }
    });
  },
  { RATE_LIMIT_GET_SESSION: '1000', RATE_LIMIT_CHAT_POST: '10000', SESSION_LIMIT_CHAT_POST: '10000' },
);

describeEachEngine('database counters under concurrent batches', (h) => {
  it('batches that hold the same keys in other orders all count, on two stores', async () => {
    const stores = [h.app.limits.stored, new DatabaseCounterStore((h.app.store as unknown as { db: Kysely<Database> }).db)];
    const keys = ['k:a', 'k:b', 'k:c', 'k:d', 'k:e', 'k:f'];
    const hits: Promise<unknown>[] = [];
    const now = h.clock.now();
    for (let turn = 0; turn < 120; turn += 1) {
      const order = turn % 2 === 0 ? keys : [...keys].reverse();
      for (const key of order) hits.push(stores[turn % 2]!.hit(key, 60_000, now));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcomes = await Promise.allSettled(hits);
    assert.deepEqual(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)).slice(0, 3), []);
    assert.equal((await stores[0]!.hit('k:a', 60_000, now)).count, 121);
  });
});

describeEachEngine('database counter keys', (h) => {
  it('keys that a database would store alike stay distinct, and every key can be written', async () => {
    const counters = h.app.limits.stored;
    const now = h.clock.now();
    // Lone surrogates become U+FFFD when encoded, NUL is refused by PostgreSQL, and an index entry has a size limit.
    const keys = ['t:\ud800', 't:\udbff', 't:\ufffd', 't:\u0000', `t:${'x'.repeat(100_000)}`];
    const states = await Promise.all([...keys, ...keys].map((key) => counters.hit(key, 60_000, now)));
    assert.deepEqual(states.map((s) => s.count), [1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    await counters.reset('t:\ud800');
    assert.equal((await counters.hit('t:\ud800', 60_000, now)).count, 1);
    assert.equal((await counters.hit('t:\udbff', 60_000, now)).count, 3);
  });
});

describeEachEngine('database counters after an aborted write', (h) => {
  /** Fails the next `times` counter upserts with SQLSTATE `code`, as the database aborts a statement. */
  function failing(code: string, times: number): KyselyPlugin & { left: number } {
    return {
      left: times,
      transformQuery(args) {
        if (args.node.kind === 'InsertQueryNode' && this.left > 0) {
          this.left -= 1;
          throw Object.assign(new Error(`simulated ${code}`), { code });
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
  }
  const db = () => (h.app.store as unknown as { db: Kysely<Database> }).db;

  it('a deadlock or a serialization failure is written again, and counts once', async () => {
    for (const code of ['40P01', '40001']) {
      const plugin = failing(code, 2);
      const store = new DatabaseCounterStore(db().withPlugin(plugin));
      const states = await Promise.all([store.hit(`retry:${code}`, 60_000, h.clock.now()), store.hit(`retry:${code}`, 60_000, h.clock.now())]);
      assert.deepEqual(states.map((s) => s.count), [1, 2]);
      assert.equal(plugin.left, 0);
    }
  });

  it('another error reaches the callers at once', async () => {
    const plugin = failing('23505', 1);
    const store = new DatabaseCounterStore(db().withPlugin(plugin));
    await assert.rejects(store.hit('retry:other', 60_000, h.clock.now()), /simulated 23505/);
    assert.equal((await store.hit('retry:other', 60_000, h.clock.now())).count, 1, 'nothing was counted');
  });
});
