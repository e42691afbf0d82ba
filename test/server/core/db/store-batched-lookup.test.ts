/** Lookups made together share one query; each caller still sees its own row and every fresh write. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BatchedLookup } from '../../../../src/server/core/db/batched-lookup.js';
import { describeEachEngine } from '../../support/harness.js';

interface Row {
  key: string;
  n: number;
}

// A stand-in for the database that records the queries it is asked: the point here is how many are sent.
function recordingFetch(table: Map<string, number>) {
  const queries: string[][] = [];
  const fetch = async (keys: string[]): Promise<Row[]> => {
    queries.push([...keys]);
    const rows = keys.filter((k) => table.has(k)).map((key) => ({ key, n: table.get(key)! }));
    await new Promise((r) => setTimeout(r, 5));
    return rows;
  };
  return { queries, fetch };
}

test('lookups in the same turn share one query; missing keys answer undefined; each caller gets a copy', async () => {
  const { queries, fetch } = recordingFetch(new Map([['a', 1], ['b', 2]]));
  const lookup = new BatchedLookup<string, Row>({ fetch, keyOf: (r) => r.key });
  const [a1, a2, b, missing] = await Promise.all([lookup.get('a'), lookup.get('a'), lookup.get('b'), lookup.get('zz')]);
  assert.deepEqual(queries, [['a', 'b', 'zz']]);
  assert.deepEqual([a1, a2, b, missing], [{ key: 'a', n: 1 }, { key: 'a', n: 1 }, { key: 'b', n: 2 }, undefined]);
  assert.notEqual(a1, a2, 'two callers never share one object');
});

test('a lookup made while a query is running gets a query of its own, so it sees writes made meanwhile', async () => {
  const table = new Map([['a', 1]]);
  const { queries, fetch } = recordingFetch(table);
  const lookup = new BatchedLookup<string, Row>({ fetch, keyOf: (r) => r.key });
  const first = lookup.get('a');
  await new Promise((r) => setImmediate(r));
  table.set('a', 2);
  const second = lookup.get('a');
  assert.deepEqual(await Promise.all([first, second]), [{ key: 'a', n: 1 }, { key: 'a', n: 2 }]);
  assert.equal(queries.length, 2);
});

test('a failing query fails every lookup that shared it, and the next lookup queries again', async () => {
  let fail = true;
  const lookup = new BatchedLookup<string, Row>({
    fetch: async (keys) => {
      if (fail) throw new Error('connection lost');
      return keys.map((key) => ({ key, n: 0 }));
    },
    keyOf: (r) => r.key,
  });
  const results = await Promise.allSettled([lookup.get('a'), lookup.get('b')]);
  assert.deepEqual(results.map((r) => r.status), ['rejected', 'rejected']);
  fail = false;
  assert.deepEqual(await lookup.get('a'), { key: 'a', n: 0 });
});

test('more keys than one query may carry are split over several queries', async () => {
  const { queries, fetch } = recordingFetch(new Map(Array.from({ length: 5 }, (_, i) => [`k${i}`, i] as [string, number])));
  const lookup = new BatchedLookup<string, Row>({ fetch, keyOf: (r) => r.key, maxBatch: 2 });
  const rows = await Promise.all(Array.from({ length: 5 }, (_, i) => lookup.get(`k${i}`)));
  assert.deepEqual(rows.map((r) => r?.n), [0, 1, 2, 3, 4]);
  assert.deepEqual(queries.map((q) => q.length), [2, 2, 1]);
});

describeEachEngine('visitor sessions by uuid, looked up together', (h) => {
  test('concurrent lookups of different sessions each find their own, and a closed session reads as closed', async () => {
    const sessions = await Promise.all([h.visitorSession(), h.visitorSession(), h.visitorSession()]);
    const found = await Promise.all([...sessions.map((s) => h.app.store.getVisitorSessionByUuid(s.session.uuid)), h.app.store.getVisitorSessionByUuid('no-such-uuid')]);
    assert.deepEqual(found.map((s) => s?.id), [...sessions.map((s) => s.session.id), undefined]);
    const first = sessions[0]!.session;
    await h.app.store.closeVisitorSession(first.id, h.clock.now());
    const after = await h.app.store.getVisitorSessionByUuid(first.uuid);
    assert.notEqual(after?.closed_at, null, 'the lookup after the write sees it');
  });
});
