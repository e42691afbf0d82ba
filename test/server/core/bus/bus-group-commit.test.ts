import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { BUS_NOTIFY_CHANNEL } from '../../../../src/server/core/bus/pg-listener.js';
import { buildApp } from '../../../../src/server/app.js';
import { loadConfig } from '../../../../src/server/core/config/config.js';
import { GroupCommit } from '../../../../src/server/core/bus/group-commit.js';
import type { BusWrite, BusWriteResult } from '../../../../src/server/core/bus/bus-write-store.js';
import { ADMIN_PASSWORD, FakeClock, createTestDatabase, rootDir, type TestDatabase } from '../../support/harness.js';

/** A write function whose commits the test releases by hand, recording each batch it was given. */
function manualWriter() {
  const batches: string[][] = [];
  const releases: (() => void)[] = [];
  const write = async (batch: string[]): Promise<string[]> => {
    batches.push([...batch]);
    await new Promise<void>((r) => releases.push(r));
    if (batch.includes('bad')) throw new Error('constraint violated');
    return batch.map((j) => `done ${j}`);
  };
  const releaseNext = async (): Promise<void> => {
    for (let i = 0; i < 100 && releases.length === 0; i++) await new Promise((r) => setImmediate(r));
    releases.shift()?.();
  };
  return { batches, write, releaseNext };
}

describe('group commit', () => {
  test('jobs of one event-loop turn share a transaction; jobs arriving while it runs share the next; each caller gets its own result', async () => {
    const w = manualWriter();
    const gc = new GroupCommit<string, string>({ write: w.write });
    const first = ['a', 'b'].map((j) => gc.submit(j));
    for (let i = 0; i < 100 && w.batches.length === 0; i++) await new Promise((r) => setImmediate(r));
    const rest = ['c', 'd', 'e'].map((j) => gc.submit(j));
    await w.releaseNext();
    assert.deepEqual(await Promise.all(first), ['done a', 'done b']);
    await w.releaseNext();
    assert.deepEqual(await Promise.all(rest), ['done c', 'done d', 'done e']);
    assert.deepEqual(w.batches, [['a', 'b'], ['c', 'd', 'e']]);
  });

  test('a batch that fails is written again one job at a time: only the bad job fails', async () => {
    const w = manualWriter();
    const gc = new GroupCommit<string, string>({ write: w.write });
    const blocker = gc.submit('x');
    for (let i = 0; i < 100 && w.batches.length === 0; i++) await new Promise((r) => setImmediate(r));
    const results = ['b', 'bad', 'c'].map((j) => gc.submit(j).catch((err: Error) => `failed: ${err.message}`));
    for (let i = 0; i < 5; i++) await w.releaseNext();
    await blocker;
    assert.deepEqual(await Promise.all(results), ['done b', 'failed: constraint violated', 'done c']);
    assert.deepEqual(w.batches, [['x'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  test('batches never exceed maxBatch', async () => {
    const sizes: number[] = [];
    const gc = new GroupCommit<number, number>({ write: async (b) => (sizes.push(b.length), b), maxBatch: 4 });
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => gc.submit(i)));
    assert.deepEqual(all, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert.ok(sizes.every((n) => n <= 4), `batch sizes ${sizes.join(',')}`);
    await gc.whenIdle();
  });
});

for (const engine of ['sqlite', 'postgres'] as const) {
  const skip = engine === 'postgres' && !process.env.TEST_DATABASE_URL ? 'PostgreSQL variant NOT RUN: TEST_DATABASE_URL is not set' : false;
  describe(`group commit on the bus [${engine}]`, { skip }, () => {
    let app: FastifyInstance;
    let db: TestDatabase;
    let sessionId: number;
    let uuid: string;

    before(async () => {
      db = await createTestDatabase(engine);
      const config = loadConfig({ LIVECHAT_ADMIN_PASSWORD: ADMIN_PASSWORD, NODE_ENV: 'test', ...db.env }, rootDir);
      app = await buildApp({ config, clock: new FakeClock(Date.now()) });
      await app.ready();
      const channel = await app.store.createChannel({ name: 'Group commit' });
      const operator = await app.store.createOperator({ login: 'gc-op', display_name: 'Op', email: 'op@example.com', password: 'pw-123456' });
      const session = await app.store.createVisitorSession(
        { channel_id: channel.id, operator_id: operator.id, anonymous_name: 'Visitor', name: 'Visitor Op', uuid: crypto.randomUUID() },
        app.clock.now(),
      );
      sessionId = session.id;
      uuid = session.uuid;
    });
    after(async () => {
      await app.close();
      await db.drop();
    });

    test('concurrent posts: each message is committed with its own notifications, carrying its own id', async () => {
      const posts = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          app.bus.postMessage({ session_id: sessionId, body: `post ${i}`, author_operator_id: null }, [uuid, `extra-${i % 3}`], (row) => ({ id: row.id, body: row.body })),
        ),
      );
      for (const [i, p] of posts.entries()) {
        assert.equal(p.message.body, `post ${i}`);
        assert.deepEqual(p.notifications.map((n) => n.channel), [uuid, `extra-${i % 3}`]);
        for (const n of p.notifications) assert.deepEqual(JSON.parse(n.message), { id: p.message.id, body: `post ${i}` });
      }
      const stored = await app.store.listMessages(sessionId, 100);
      assert.equal(stored.length, 40);
      assert.equal(new Set(posts.map((p) => p.message.id)).size, 40);
    });

    test('a payload that uses its id in another way still carries the right value', async () => {
      const posts = await Promise.all(
        Array.from({ length: 5 }, (_, i) => app.bus.postMessage({ session_id: sessionId, body: `derived ${i}`, author_operator_id: null }, [uuid], (row) => ({ twice: row.id * 2 }))),
      );
      for (const p of posts) assert.deepEqual(JSON.parse(p.notifications[0]!.message), { twice: p.message.id * 2 });
    });

    test('a post to a session that does not exist fails alone; the posts batched with it are written once', async () => {
      const before = (await app.store.listMessages(sessionId, 1000)).length;
      const attempts = Array.from({ length: 12 }, (_, i) =>
        app.bus
          .postMessage({ session_id: i === 5 ? 999_999 : sessionId, body: `batched ${i}`, author_operator_id: null }, [uuid], (row) => ({ id: row.id }))
          .then(() => 'ok', () => 'failed'),
      );
      const outcomes = await Promise.all(attempts);
      assert.deepEqual(outcomes.filter((o) => o === 'failed').length, 1);
      assert.equal(outcomes[5], 'failed');
      assert.equal((await app.store.listMessages(sessionId, 1000)).length, before + 11);
    });

    // SQLite has one process per data folder and no NOTIFY, so this check exists for PostgreSQL only.
    if (engine === 'postgres') test('a committed batch tells other processes its channels in one NOTIFY, once the rows are readable', async () => {
      const listener = new pg.Client({ connectionString: db.env.DATABASE_URL });
      await listener.connect();
      try {
        const seen: { channels: string[]; readable: number }[] = [];
        const checks: Promise<void>[] = [];
        listener.on('notification', (n) => {
          if (n.channel !== BUS_NOTIFY_CHANNEL) return;
          const channels = JSON.parse(n.payload ?? '[]') as string[];
          checks.push(app.busStore.listNotifications({ channels }).then((rows) => void seen.push({ channels, readable: rows.length })));
        });
        await listener.query(`LISTEN ${BUS_NOTIFY_CHANNEL}`);
        await Promise.all([app.bus.publish(['notify-a', 'notify-b'], { x: 1 }), app.bus.publish(['notify-b', 'notify-c'], { x: 2 })]);
        for (let i = 0; i < 100 && seen.length === 0; i++) {
          await new Promise((r) => setTimeout(r, 20));
          await Promise.all(checks);
        }
        assert.equal(seen.length, 1, 'one NOTIFY for the batch');
        assert.deepEqual([...seen[0]!.channels].sort(), ['notify-a', 'notify-b', 'notify-c']);
        assert.equal(seen[0]!.readable, 4, 'the rows were committed when the NOTIFY arrived');
      } finally {
        await listener.end();
      }
    });

    test('four group-commit writers (as four server processes) with random commit delays: a reader following ids skips nothing, sees nothing twice', async () => {
      const channel = `order-${crypto.randomUUID()}`;
      const [seed] = await app.bus.publish([channel], { n: -1 });
      const writer = () =>
        new GroupCommit<BusWrite, BusWriteResult>({
          write: (batch) => app.busStore.write(batch, { commitDelayMs: () => Math.floor(Math.random() * 15) }),
        });
      const writers = [writer(), writer(), writer(), writer()];
      const written: number[] = [];
      let writing = true;
      const done = Promise.all(
        Array.from({ length: 60 }, async (_, i) => {
          await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 40)));
          const write: BusWrite =
            i % 2 === 0
              ? { kind: 'notify', channels: [channel], payload: { i }, now: Date.now() }
              : { kind: 'message', message: { session_id: sessionId, body: `m${i}`, author_operator_id: null }, channels: [channel], payload: (row) => ({ id: row.id }), now: Date.now() };
          const result = await writers[i % writers.length]!.submit(write);
          written.push(...result.notifications.map((n) => Number(n.id)));
        }),
      ).finally(() => {
        writing = false;
      });
      const received: number[] = [];
      let last = seed!.id;
      for (;;) {
        const stillWriting = writing;
        const rows = await app.busStore.listNotifications({ channels: [channel], afterId: last });
        for (const r of rows) received.push(Number(r.id));
        if (rows.length) last = Number(rows[rows.length - 1]!.id);
        if (!stillWriting && rows.length === 0) break;
        await new Promise((r) => setTimeout(r, 2));
      }
      await done;
      assert.equal(new Set(received).size, received.length, 'nothing received twice');
      assert.deepEqual([...received].sort((a, b) => a - b), [...written].sort((a, b) => a - b), 'nothing skipped');
    });
  });
}
