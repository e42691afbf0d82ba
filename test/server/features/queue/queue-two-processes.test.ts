/**
 * Issue 26: two processes on one database share one queue. Concurrent arrivals get distinct places in
 * one order; concurrent departures and sweeps on both hand each waiting visitor out once, to one
 * operator, never past an operator's capacity; two operators taking one visitor on two processes: one wins.
 */
import { after, before, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/server/app.js';
import { loadConfig } from '../../../../src/server/core/config/config.js';
import { CLOSE_SESSION_ROUTE } from '../../../../src/protocol/console/routes.js';
import { QUEUE_TAKE_ROUTE } from '../../../../src/protocol/console/queue-routes.js';
import { CONVERSATION_STATE_ROUTE } from '../../../../src/protocol/conversation-state.js';
import { ADMIN_PASSWORD, FakeClock, describeEachEngine, rootDir, type Harness } from '../../support/harness.js';
import { QUEUE_ENV, holder, opened, queuedChannel, visitorPayloads, type Opened } from './queue-support.js';

async function rpc(app: FastifyInstance, url: string, params: unknown, cookie?: string): Promise<{ result?: unknown; error?: { data: { message: string } } }> {
  const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: { jsonrpc: '2.0', method: 'call', id: 1, params } });
  return res.json() as { result?: unknown; error?: { data: { message: string } } };
}

/** Each waiting visitor's place as either process tells it. */
async function places(apps: FastifyInstance[], visitors: Opened[]): Promise<(number | undefined)[]> {
  return Promise.all(
    visitors.map(async (v, i) => ((await rpc(apps[i % apps.length]!, CONVERSATION_STATE_ROUTE, { uuid: v.uuid })).result as { queue?: { position: number } }).queue?.position),
  );
}

async function openCount(h: Harness, operatorId: number): Promise<number> {
  const rows = await h.app.database.db.selectFrom('visitor_session').select('id').where('operator_id', '=', operatorId).where('closed_at', 'is', null).execute();
  return rows.length;
}

describeEachEngine(
  'the queue on two processes',
  (h) => {
    let other: FastifyInstance;
    before(async () => {
      const config = loadConfig({ LIVECHAT_ADMIN_PASSWORD: ADMIN_PASSWORD, NODE_ENV: 'test', RATE_LIMIT_DELAY_MS: '0', ...QUEUE_ENV, ...h.database.env }, rootDir);
      other = await buildApp({ config, clock: new FakeClock(h.clock.now()) });
      await other.ready();
    });
    after(() => other.close());

    it('concurrent arrivals and departures on both: one order, each visitor handed out once, capacities kept', async () => {
      const { channel, operator: a, cookie: cookieA } = await queuedChannel(h, 1);
      const b = await h.app.store.createOperator({ login: `b-${channel.id}`, display_name: 'B', email: null, password: 'pw-b' });
      await h.app.store.addChannelOperator(channel.id, b.id);
      const cookieB = await h.login(b.login, 'pw-b');
      const served = [await opened(h, channel.id), await opened(h, channel.id, other)];
      assert.deepEqual(new Set(served.map((s) => s.operator_pid[0])), new Set([a.id, b.id]));

      const apps = [h.app, other];
      const waiting = await Promise.all(Array.from({ length: 8 }, (_, i) => opened(h, channel.id, apps[i % 2])));
      assert.ok(waiting.every((w) => w.queue !== undefined), 'everyone beyond the two operators waits');
      const order = [...waiting].sort((x, y) => x.id - y.id);
      assert.deepEqual(await places(apps, order), [1, 2, 3, 4, 5, 6, 7, 8], 'one order on both processes: arrival, then id');

      // Both operators end their chat at once, each on another process; both processes sweep at once too.
      const byOperator = (id: number) => served.find((s) => s.operator_pid[0] === id)!;
      await Promise.all([rpc(h.app, CLOSE_SESSION_ROUTE, { session_id: byOperator(a.id).id }, cookieA), rpc(other, CLOSE_SESSION_ROUTE, { session_id: byOperator(b.id).id }, cookieB)]);
      await Promise.all([h.app.events.idle(), other.events.idle()]);
      await Promise.all([h.app.queue.sweep(), other.queue.sweep(), h.app.queue.sweep(), other.queue.sweep()]);
      assert.deepEqual([await holder(h, order[0]!.id), await holder(h, order[1]!.id)].sort(), [a.id, b.id].sort(), 'the two heads, one to each');
      assert.deepEqual([await openCount(h, a.id), await openCount(h, b.id)], [1, 1], 'nobody past capacity');
      assert.deepEqual(await places(apps, order.slice(2)), [1, 2, 3, 4, 5, 6]);

      // More room at once: both processes hand out together; each visitor goes to one operator, once.
      await h.app.database.db.updateTable('livechat_channel').set({ capacity: 3 }).where('id', '=', channel.id).execute();
      await Promise.all([h.app.queue.dispatch(channel.id), other.queue.dispatch(channel.id), h.app.queue.sweep(), other.queue.sweep()]);
      await Promise.all([h.app.queue.sweep(), other.queue.sweep()]);
      assert.deepEqual([await openCount(h, a.id), await openCount(h, b.id)], [3, 3]);
      for (const v of order) {
        const left = (await visitorPayloads(h, v.uuid)).filter((p) => p.info === 'queue_left');
        assert.ok(left.length <= 1, `visitor ${v.id} handed out ${left.length} times`);
        assert.equal(left.length === 1, (await holder(h, v.id)) !== null);
      }
      const assigned = await h.app.database.db.selectFrom('queue_entry' as never).select(['session_id' as never]).where('dequeued_at' as never, 'is not', null).execute();
      assert.equal(assigned.length, 6);
      assert.deepEqual(await places(apps, order.slice(6)), [1, 2]);
    });

    it('two operators take the same visitor on two processes: exactly one gets it', async () => {
      const { channel, operator: a, cookie: cookieA } = await queuedChannel(h, 1);
      const b = await h.app.store.createOperator({ login: `tb-${channel.id}`, display_name: 'TB', email: null, password: 'pw-tb' });
      await h.app.store.addChannelOperator(channel.id, b.id);
      await h.app.store.setOperatorCapacity(channel.id, b.id, 0);
      const cookieB = await h.login(b.login, 'pw-tb');
      await opened(h, channel.id);
      for (let round = 0; round < 3; round += 1) {
        const visitor = await opened(h, channel.id);
        assert.ok(visitor.queue);
        const answers = await Promise.all([rpc(h.app, QUEUE_TAKE_ROUTE, { session_id: visitor.id }, cookieA), rpc(other, QUEUE_TAKE_ROUTE, { session_id: visitor.id }, cookieB)]);
        assert.equal(answers.filter((x) => x.result !== undefined).length, 1, JSON.stringify(answers));
        assert.equal(answers.filter((x) => x.error?.data.message === 'Someone else took this conversation first').length, 1);
        const winner = answers[0]!.result !== undefined ? a.id : b.id;
        assert.equal(await holder(h, visitor.id), winner);
        assert.equal((await visitorPayloads(h, visitor.uuid)).filter((p) => p.info === 'queue_left').length, 1);
      }
    });
  },
  QUEUE_ENV,
);
