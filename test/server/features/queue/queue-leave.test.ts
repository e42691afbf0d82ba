/**
 * Issue 26: a waiting visitor leaves the queue. The waiting conversation ends as an operator's close ends
 * it, the entry goes, and everyone behind hears their new place. Hostile input: an assigned conversation's
 * uuid, an unknown or malformed one, wrong types, prototype keys, leaving twice.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { QUEUE_ROUTE } from '../../../../src/protocol/console/queue-routes.js';
import { CONVERSATION_STATE_ROUTE } from '../../../../src/protocol/conversation-state.js';
import { QUEUE_LEAVE_ROUTE, type QueueEntry } from '../../../../src/protocol/queue.js';
import { describeEachEngine } from '../../support/harness.js';
import { callFrom } from '../../abuse/support.js';
import { QUEUE_ENV, holder, lastPlace, opened, queuedChannel, visitorPayloads } from './queue-support.js';

describeEachEngine(
  'leaving the queue',
  (h) => {
    it('the visitor leaves: the conversation ends, the entry goes, the one behind moves up live', async () => {
      const { channel, cookie, operator } = await queuedChannel(h, 1);
      const served = await opened(h, channel.id);
      const leaving = await opened(h, channel.id);
      const behind = await opened(h, channel.id);
      assert.deepEqual([leaving.queue?.position, behind.queue?.position], [1, 2]);

      assert.equal(await h.call(QUEUE_LEAVE_ROUTE, { uuid: leaving.uuid }), true);
      await h.app.events.idle();
      assert.notEqual((await h.app.store.getVisitorSession(leaving.id))?.closed_at, null, 'the waiting conversation ended');
      assert.deepEqual(await h.call(CONVERSATION_STATE_ROUTE, { uuid: leaving.uuid }), { state: 'closed' });
      assert.ok((await visitorPayloads(h, leaving.uuid)).some((p) => p.info === 'session_closed'), 'the visitor’s other tabs are told');
      assert.deepEqual(await lastPlace(h, behind.uuid), { info: 'queue_position', position: 1, expected_wait_ms: null });
      assert.deepEqual((await h.call<QueueEntry[]>(QUEUE_ROUTE, {}, { cookie })).map((e) => e.session_id), [behind.id]);
      assert.equal(await holder(h, served.id), operator.id, 'the served visitor is not touched');
      assert.equal(await h.call(QUEUE_LEAVE_ROUTE, { uuid: leaving.uuid }), false, 'leaving twice does nothing');
    });

    it('refuses what is not a waiting conversation, and hostile input, without touching anyone', async () => {
      const { channel, operator } = await queuedChannel(h, 1);
      const served = await opened(h, channel.id);
      const waiting = await opened(h, channel.id);
      assert.equal(await h.call(QUEUE_LEAVE_ROUTE, { uuid: served.uuid }), false, 'an assigned conversation is not left this way');
      assert.equal(await holder(h, served.id), operator.id);
      assert.equal(await h.call(QUEUE_LEAVE_ROUTE, { uuid: '00000000-0000-4000-8000-000000000000' }), false);
      for (const uuid of ['not-a-uuid', 42, null, ['x'], { __proto__: null }, 'a'.repeat(5000), `${waiting.uuid}\u0000`]) {
        const { body } = await h.rpc(QUEUE_LEAVE_ROUTE, { uuid });
        assert.ok(body.error || body.result === false, `refused: ${JSON.stringify(uuid)?.slice(0, 30)}`);
      }
      const { body } = await h.rpc(QUEUE_LEAVE_ROUTE, JSON.parse(`{"uuid":"${waiting.uuid}","__proto__":{"closed":true}}`));
      assert.ok(body.error, 'a prototype key refuses the body');
      assert.equal((await h.app.store.getVisitorSession(waiting.id))?.closed_at, null, 'still waiting');
      assert.deepEqual(await h.call(CONVERSATION_STATE_ROUTE, { uuid: waiting.uuid }), { state: 'open', queue: { position: 1, expected_wait_ms: null } });
    });
  },
  QUEUE_ENV,
);

describeEachEngine(
  'leaving the queue is rate limited',
  (h) => {
    it('shares get_session’s allowance per address: the 4th call a minute gets 429, another address is served', async () => {
      const { channel } = await queuedChannel(h, 1);
      await opened(h, channel.id);
      const waiting = await opened(h, channel.id);
      for (let i = 0; i < 3; i += 1) assert.notEqual((await callFrom(h, '203.0.113.9', QUEUE_LEAVE_ROUTE, { uuid: '00000000-0000-4000-8000-000000000000' })).res.statusCode, 429);
      const limited = await callFrom(h, '203.0.113.9', QUEUE_LEAVE_ROUTE, { uuid: waiting.uuid });
      assert.equal(limited.res.statusCode, 429);
      assert.equal((await h.app.store.getVisitorSession(waiting.id))?.closed_at, null, 'a refused call leaves nothing');
      assert.equal((await callFrom(h, '198.51.100.7', QUEUE_LEAVE_ROUTE, { uuid: waiting.uuid })).body.result, true);
    });
  },
  { RATE_LIMIT_GET_SESSION: '3', RATE_LIMIT_CHAT_POST: '1000' },
);
