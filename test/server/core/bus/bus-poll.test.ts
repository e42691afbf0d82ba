import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/server/app.js';
import { loadConfig } from '../../../../src/server/core/config/config.js';
import { busPollRoutes } from '../../../../src/server/core/bus/poll-route.js';
import { BusChannel, type BusNotification } from '../../../../src/protocol/livechat.js';
import { ADMIN_PASSWORD, FakeClock, createTestDatabase, rootDir, type EngineName, type TestDatabase } from '../../support/harness.js';
import { POLL_ROUTE } from '../../../../src/protocol/routes.js';

const HOLD_MS = 400;

/** A real app on a real port (so client disconnects are real), with a short hold for the tests. */
async function startApp(engine: EngineName): Promise<{ app: FastifyInstance; base: string; db: TestDatabase; clock: FakeClock }> {
  const db = await createTestDatabase(engine);
  const clock = new FakeClock(Date.now());
  const config = loadConfig({ LIVECHAT_ADMIN_PASSWORD: ADMIN_PASSWORD, NODE_ENV: 'test', ...db.env }, rootDir);
  const app = await buildApp({ config, clock });
  // buildApp registers the route with its 50 s hold; register our short-hold copy only where it is absent.
  if (!app.hasRoute({ method: 'POST', url: POLL_ROUTE })) await app.register(busPollRoutes, { holdMs: HOLD_MS });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: address, db, clock };
}

async function poll(base: string, params: unknown, init: { signal?: AbortSignal; cookie?: string } = {}) {
  const res = await fetch(`${base}/longpolling/poll`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id: 1 }),
    signal: init.signal,
  });
  return (await res.json()) as { result?: BusNotification[]; error?: { data: { message: string } } };
}

async function visitorUuid(app: FastifyInstance): Promise<{ uuid: string; id: number; operatorId: number }> {
  const channel = await app.store.createChannel({ name: `C ${Math.random()}` });
  const operator = await app.store.createOperator({ login: `op${Math.random()}`, display_name: 'Op', email: 'op@example.com', password: 'pw-123456' });
  const session = await app.store.createVisitorSession(
    { channel_id: channel.id, operator_id: operator.id, anonymous_name: 'Visitor', name: 'Visitor Op', uuid: crypto.randomUUID() },
    app.clock.now(),
  );
  return { uuid: session.uuid, id: session.id, operatorId: operator.id };
}

for (const engine of ['sqlite', 'postgres'] as const) {
  const skip = engine === 'postgres' && !process.env.TEST_DATABASE_URL ? 'PostgreSQL variant NOT RUN: TEST_DATABASE_URL is not set' : false;
  describe(`/longpolling/poll [${engine}]`, { skip }, () => {
    let ctx: Awaited<ReturnType<typeof startApp>>;
    before(async () => {
      ctx = await startApp(engine);
    });
    after(async () => {
      await ctx.app.close();
      await ctx.db.drop();
    });

    test('answers at once with notifications newer than last on readable channels', async () => {
      const v = await visitorUuid(ctx.app);
      const [first] = await ctx.app.bus.publish([v.uuid], { body: 'one', id: 1 });
      await ctx.app.bus.publish([v.uuid], { body: 'two', id: 2 });
      const { result } = await poll(ctx.base, { channels: [v.uuid], last: first!.id, options: { bus_inactivity: 0 } });
      assert.deepEqual(result!.map((n) => n.message), [{ body: 'two', id: 2 }]);
      assert.equal(result![0]!.channel, v.uuid);
    });

    test('holds the poll until a publish on its channel, then answers it', async () => {
      const v = await visitorUuid(ctx.app);
      const [seed] = await ctx.app.bus.publish([v.uuid], { body: 'seed' });
      const pending = poll(ctx.base, { channels: [v.uuid], last: seed!.id });
      await new Promise((r) => setTimeout(r, 100));
      await ctx.app.bus.publish(['someone-else'], { body: 'not for us' });
      await ctx.app.bus.publish([v.uuid], { body: 'woken' });
      const { result } = await pending;
      assert.deepEqual(result!.map((n) => (n.message as { body: string }).body), ['woken']);
    });

    test('a wake-up that finds nothing new (another process, a LISTEN reconnect) keeps the poll held', async () => {
      const v = await visitorUuid(ctx.app);
      const [seed] = await ctx.app.bus.publish([v.uuid], { body: 'seed' });
      let settled = false;
      const pending = poll(ctx.base, { channels: [v.uuid], last: seed!.id }).finally(() => {
        settled = true;
      });
      await new Promise((r) => setTimeout(r, 100));
      ctx.app.bus.events.emit('wake', 'all');
      ctx.app.bus.events.emit('wake', [v.uuid]);
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(settled, false, 'not answered with an empty list');
      // Written by "another process": the row is committed and only a relayed wake-up announces it.
      await ctx.app.busStore.write([{ kind: 'notify', channels: [v.uuid], payload: { body: 'remote' }, now: ctx.app.clock.now() }]);
      ctx.app.bus.events.emit('wake', [v.uuid]);
      const { result } = await pending;
      assert.deepEqual(result!.map((n) => (n.message as { body: string }).body), ['remote']);
    });

    test('a held wait ends with "timeout" when nothing comes, and leaves nothing behind', async () => {
      const before = ctx.app.busWakeups.size;
      const wakeup = ctx.app.busWakeups.arm(['quiet-channel'], 50);
      assert.equal(ctx.app.busWakeups.size, before + 1);
      ctx.app.bus.events.emit('published', ['other-channel']);
      assert.equal(await wakeup.done, 'timeout');
      assert.equal(ctx.app.busWakeups.size, before);
    });

    test('a publish ends only the waits of its channels; a wake-up for all ends every wait', async () => {
      const before = ctx.app.busWakeups.size;
      const a = ctx.app.busWakeups.arm(['chan-a'], 10_000);
      const b = ctx.app.busWakeups.arm(['chan-b', 'chan-c'], 10_000);
      const c = ctx.app.busWakeups.arm(['chan-c'], 10_000);
      const settled: string[] = [];
      void a.done.then((r) => settled.push(`a:${r}`));
      void b.done.then((r) => settled.push(`b:${r}`));
      void c.done.then((r) => settled.push(`c:${r}`));
      ctx.app.bus.events.emit('published', ['chan-c']);
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(settled.sort(), ['b:published', 'c:published']);
      ctx.app.bus.events.emit('wake', 'all');
      assert.equal(await a.done, 'published');
      assert.equal(ctx.app.busWakeups.size, before);
    });

    test('silently drops channels the caller may not read', async () => {
      const v = await visitorUuid(ctx.app);
      await ctx.app.bus.publish([BusChannel.operator(v.operatorId), BusChannel.session(v.id), 'made-up-channel'], { body: 'secret' });
      const { result, error } = await poll(ctx.base, { channels: [BusChannel.operator(v.operatorId), BusChannel.session(v.id), 'made-up-channel'], last: 0 });
      assert.equal(error, undefined);
      assert.deepEqual(result, []);
    });

    test('first poll with last = 0 replays only the last 50 s', async () => {
      const v = await visitorUuid(ctx.app);
      await ctx.app.bus.publish([v.uuid], { body: 'old' });
      ctx.clock.advance(51_000);
      await ctx.app.bus.publish([v.uuid], { body: 'recent' });
      const { result } = await poll(ctx.base, { channels: [v.uuid], last: 0 });
      assert.deepEqual(result!.map((n) => (n.message as { body: string }).body), ['recent']);
    });

    test('rejects non-string channels with the bus error', async () => {
      const { error } = await poll(ctx.base, { channels: [42], last: 0 });
      assert.equal(error!.data.message, 'bus.Bus only string channels are allowed.');
    });

    test('a client that disconnects releases its waiter', async () => {
      const v = await visitorUuid(ctx.app);
      const [seed] = await ctx.app.bus.publish([v.uuid], { body: 'seed' });
      const before = ctx.app.busWakeups.size;
      const controller = new AbortController();
      const pending = poll(ctx.base, { channels: [v.uuid], last: seed!.id }, { signal: controller.signal }).catch(() => 'aborted');
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(ctx.app.busWakeups.size, before + 1);
      controller.abort();
      assert.equal(await pending, 'aborted');
      for (let i = 0; i < 50 && ctx.app.busWakeups.size > before; i += 1) await new Promise((r) => setTimeout(r, 10));
      assert.equal(ctx.app.busWakeups.size, before);
    });

    test('concurrent writers with random commit delays: a polling reader skips nothing and sees nothing twice', async () => {
      const channel = (await visitorUuid(ctx.app)).uuid;
      const [seed] = await ctx.app.bus.publish([channel], { n: -1 });
      const writers = 8;
      const perWriter = 15;
      const written: number[] = [];
      let writing = true;
      const writersDone = Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let i = 0; i < perWriter; i += 1) {
            const [result] = await ctx.app.busStore.write([{ kind: 'notify', channels: [channel], payload: { w, i }, now: ctx.app.clock.now() }], {
              commitDelayMs: () => Math.floor(Math.random() * 15),
            });
            written.push(...result!.notifications.map((r) => Number(r.id)));
            ctx.app.bus.events.emit('published', [channel]);
          }
        }),
      ).finally(() => {
        writing = false;
      });
      const received: number[] = [];
      let last = seed!.id;
      while (writing || received.length < writers * perWriter) {
        const { result } = await poll(ctx.base, { channels: [channel], last });
        for (const n of result ?? []) received.push(n.id);
        if (result && result.length) last = result[result.length - 1]!.id;
        if (!writing && (!result || result.length === 0)) break;
      }
      await writersDone;
      const sortedWritten = [...written].sort((a, b) => a - b);
      assert.equal(new Set(received).size, received.length, 'nothing received twice');
      assert.deepEqual([...received].sort((a, b) => a - b), sortedWritten, 'nothing skipped');
    });
  });
}
