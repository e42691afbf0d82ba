/**
 * Issue 26, the visible queue: with every online operator at capacity a visitor waits in the channel's
 * queue, writes meanwhile, and learns its place live; a freed slot takes the head; operators take the next
 * or a chosen one; the limit sends the rest away; the queue survives a restart. Hostile input: both or no
 * target, another channel's conversation, wrong types, prototype keys, oversized ids.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../../../src/server/app.js';
import { loadConfig } from '../../../../src/server/core/config/config.js';
import { CLOSE_SESSION_ROUTE, CONVERSATION_ROUTE, UPDATE_CHANNEL_ROUTE } from '../../../../src/protocol/console/routes.js';
import { QUEUE_ROUTE, QUEUE_TAKE_ROUTE } from '../../../../src/protocol/console/queue-routes.js';
import { CONVERSATION_STATE_ROUTE } from '../../../../src/protocol/conversation-state.js';
import { CHAT_HISTORY_ROUTE, CHAT_POST_ROUTE, INIT_ROUTE } from '../../../../src/protocol/routes.js';
import type { QueueEntry } from '../../../../src/protocol/queue.js';
import { ADMIN_PASSWORD, FakeClock, describeEachEngine, rootDir } from '../../support/harness.js';
import { QUEUE_ENV, arrive, holder, lastPlace, opened, queuedChannel, visitorPayloads } from './queue-support.js';

const MINUTE = 60_000;

describeEachEngine(
  'the visible queue',
  (h) => {
    it('without a capacity nobody queues: every visitor gets the operator, as SPEC.md has it', async () => {
      const { channel, operator } = await h.channelWithOperator();
      for (let i = 0; i < 4; i += 1) {
        const answer = await opened(h, channel.id);
        assert.equal(answer.operator_pid[0], operator.id);
        assert.equal(answer.queue, undefined);
      }
    });

    it('at capacity the visitor waits with its place, writes meanwhile, and the freed slot takes the head', async () => {
      const { channel, operator, cookie } = await queuedChannel(h, 1);
      const first = await opened(h, channel.id);
      assert.equal(first.operator_pid[0], operator.id);
      const second = await opened(h, channel.id);
      const third = await opened(h, channel.id);
      assert.deepEqual(second.operator_pid, [0, channel.name], 'no operator yet: the channel names the window');
      assert.deepEqual(second.queue, { position: 1, expected_wait_ms: null }, 'no pick-up yet: no estimate');
      assert.deepEqual(third.queue, { position: 2, expected_wait_ms: null });
      h.app.availability.forget();
      assert.equal((await h.call<{ available_for_me: boolean }>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, true, 'online but full: the button still shows');
      assert.deepEqual(await h.call(CONVERSATION_STATE_ROUTE, { uuid: third.uuid }), { state: 'open', queue: { position: 2, expected_wait_ms: null } });

      const posted = await h.call<number | false>(CHAT_POST_ROUTE, { uuid: second.uuid, message_content: 'Anyone there?' });
      assert.equal(typeof posted, 'number', 'a waiting visitor writes');
      assert.equal((await h.call<unknown[]>(CHAT_HISTORY_ROUTE, { uuid: second.uuid })).length, 1);
      assert.equal(await h.call(CHAT_POST_ROUTE, { session_id: second.id, message_content: 'Not yours yet' }, { cookie }), false, 'no operator posts before taking it');

      const listed = await h.call<QueueEntry[]>(QUEUE_ROUTE, {}, { cookie });
      assert.deepEqual(listed.map((e) => [e.session_id, e.position]), [[second.id, 1], [third.id, 2]]);

      h.clock.advance(2 * MINUTE);
      await h.call(CLOSE_SESSION_ROUTE, { session_id: first.id }, { cookie });
      await h.app.events.idle();
      assert.equal(await holder(h, second.id), operator.id, 'the head went to the operator whose slot freed');
      assert.deepEqual((await visitorPayloads(h, second.uuid)).filter((p) => p.info === 'queue_left'), [{ info: 'queue_left', operator_pid: [operator.id, operator.display_name] }]);
      assert.deepEqual(await lastPlace(h, third.uuid), { info: 'queue_position', position: 1, expected_wait_ms: 2 * MINUTE }, 'the next one moved up, with the recent pick-up as its estimate');
      assert.deepEqual(await h.call(CONVERSATION_STATE_ROUTE, { uuid: second.uuid }), { state: 'open' });
      const conversation = await h.call<{ messages: { body: string }[] }>(CONVERSATION_ROUTE, { session_id: second.id }, { cookie });
      assert.ok(conversation.messages.some((m) => m.body.includes('Anyone there?')), 'what the visitor wrote while waiting reaches the operator');
      assert.equal(await holder(h, third.id), null, 'still waiting: the operator is full again');
    });

    it('first come, first served: a newcomer queues behind those waiting even when a slot is free, and the head takes the slot', async () => {
      const { channel, operator } = await queuedChannel(h, 1);
      await opened(h, channel.id);
      const waiting = await opened(h, channel.id);
      assert.deepEqual(waiting.queue, { position: 1, expected_wait_ms: null });
      await h.app.events.idle();
      // A slot frees behind the queue's back (the operator's capacity grows), and nobody has swept yet.
      await h.app.store.setOperatorCapacity(channel.id, operator.id, 2);
      const newcomer = await opened(h, channel.id);
      await h.app.events.idle();
      assert.equal(await holder(h, waiting.id), operator.id, 'the one who waited got the free slot');
      assert.equal(await holder(h, newcomer.id), null, 'the newcomer waits its turn');
      assert.equal((await lastPlace(h, newcomer.uuid))?.position, 1, 'now first in line');
    });

    it('an operator takes the next one or a chosen one; a taken one cannot be taken twice', async () => {
      const { channel, cookie } = await queuedChannel(h, 1);
      await opened(h, channel.id);
      const waiting = [await opened(h, channel.id), await opened(h, channel.id), await opened(h, channel.id)];
      const helper = await h.app.store.createOperator({ login: `helper-${channel.id}`, display_name: 'Helper', email: null, password: 'pw-helper' });
      await h.app.store.addChannelOperator(channel.id, helper.id);
      await h.app.store.setOperatorCapacity(channel.id, helper.id, 0);
      const helperCookie = await h.login(helper.login, 'pw-helper');

      assert.deepEqual(await h.call(QUEUE_TAKE_ROUTE, { session_id: waiting[1]!.id }, { cookie: helperCookie }), { session_id: waiting[1]!.id }, 'a chosen one, whatever the taker’s load');
      assert.equal(await holder(h, waiting[1]!.id), helper.id);
      assert.equal((await lastPlace(h, waiting[2]!.uuid))?.position, 2, 'the one behind it moved up');
      const again = await h.rpc(QUEUE_TAKE_ROUTE, { session_id: waiting[1]!.id }, { cookie });
      assert.equal(again.body.error?.data.message, 'Someone else took this conversation first');

      assert.deepEqual(await h.call(QUEUE_TAKE_ROUTE, { channel_id: channel.id }, { cookie: helperCookie }), { session_id: waiting[0]!.id }, 'the next one is the head');
      assert.equal((await lastPlace(h, waiting[2]!.uuid))?.position, 1);
      await h.call(QUEUE_TAKE_ROUTE, { channel_id: channel.id }, { cookie });
      const empty = await h.rpc(QUEUE_TAKE_ROUTE, { channel_id: channel.id }, { cookie });
      assert.equal(empty.body.error?.data.message, 'Nobody is waiting');
      assert.deepEqual(await h.call(QUEUE_ROUTE, {}, { cookie }), []);
    });

    it('a queued conversation is the channel’s operators’ to read and take, nobody else’s', async () => {
      const { channel, cookie } = await queuedChannel(h, 1);
      await opened(h, channel.id);
      const waiting = await opened(h, channel.id);
      const other = await h.channelWithOperator();
      assert.ok((await h.call<{ id: number }>(CONVERSATION_ROUTE, { session_id: waiting.id }, { cookie })).id === waiting.id);
      const read = await h.rpc(CONVERSATION_ROUTE, { session_id: waiting.id }, { cookie: other.cookie });
      assert.equal(read.body.error?.data.name, 'livechat.MissingError', 'another channel’s operator cannot read it');
      const take = await h.rpc(QUEUE_TAKE_ROUTE, { session_id: waiting.id }, { cookie: other.cookie });
      assert.equal(take.body.error?.data.name, 'livechat.MissingError');
      const head = await h.rpc(QUEUE_TAKE_ROUTE, { channel_id: channel.id }, { cookie: other.cookie });
      assert.equal(head.body.error?.data.name, 'livechat.AccessError');
      assert.deepEqual(await h.call(QUEUE_ROUTE, {}, { cookie: other.cookie }), []);
      assert.equal(await holder(h, waiting.id), null);
      const anonymous = await h.rpc(QUEUE_TAKE_ROUTE, { channel_id: channel.id });
      assert.ok(anonymous.body.error, 'no operator session, no take');
    });

    it('hostile input: both or neither target, wrong types, prototype keys, oversized ids', async () => {
      const { channel, cookie } = await queuedChannel(h, 1);
      const refused = async (params: unknown) => {
        const { body } = await h.rpc(QUEUE_TAKE_ROUTE, params, { cookie });
        assert.ok(body.error, JSON.stringify(params));
      };
      await refused({});
      await refused({ channel_id: channel.id, session_id: 1 });
      await refused({ channel_id: 'one' });
      await refused({ session_id: [1] });
      await refused({ session_id: Number.MAX_SAFE_INTEGER * 10 });
      await refused({ session_id: -3 });
      await refused({ channel_id: channel.id, extra: 'x'.repeat(100_000) });
      await refused(JSON.parse(`{"__proto__": {"channel_id": ${channel.id}}}`));
      await refused({ channel_id: '1\u0000' });
      const list = await h.rpc(QUEUE_ROUTE, { __proto__: { x: 1 }, junk: 'y' }, { cookie });
      assert.ok(list.body.error || Array.isArray(list.body.result));
    });

    it('beyond the queue limit the visitor gets SPEC.md’s refusal; nobody online is no queue at all', async () => {
      const { channel, operator } = await queuedChannel(h, 1, 2);
      await opened(h, channel.id);
      await opened(h, channel.id);
      await opened(h, channel.id);
      assert.equal(await arrive(h, channel.id), false, 'two wait already');
      await h.app.store.updateChannel(channel.id, { offline_mode: 'message_form' });
      h.app.availability.forget();
      const init = await h.call<{ available_for_me: boolean; options: { offline_mode?: string } }>(INIT_ROUTE, { channel_id: channel.id });
      assert.deepEqual([init.available_for_me, init.options.offline_mode], [false, 'message_form'], 'a full queue closes the channel: its offline form shows');
      await h.app.store.setOperatorAway(operator.id, true);
      const quiet = await queuedChannel(h, 1);
      await h.app.store.setOperatorAway(quiet.operator.id, true);
      assert.equal(await arrive(h, quiet.channel.id), false, 'nobody online: SPEC.md’s refusal, not a queue');
    });

    it('an admin sets the queue limit within 1 to 500', async () => {
      const { channel } = await h.channelWithOperator();
      const admin = await h.login('admin', ADMIN_PASSWORD);
      assert.equal((await h.app.store.getChannel(channel.id))?.queue_limit, 50, 'fifty by default');
      for (const bad of [0, 501, 2.5, '3', null]) {
        const { body } = await h.rpc(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { queue_limit: bad } }, { cookie: admin });
        assert.ok(body.error, `queue_limit ${String(bad)} is refused`);
      }
      const updated = await h.call<{ queue_limit: number }>(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { queue_limit: 3 } }, { cookie: admin });
      assert.equal(updated.queue_limit, 3);
    });

    it('the queue survives a restart: another process reads the same places and hands out the head', async () => {
      const { channel, cookie, operator } = await queuedChannel(h, 1);
      const first = await opened(h, channel.id);
      const second = await opened(h, channel.id);
      const third = await opened(h, channel.id);
      const config = loadConfig({ LIVECHAT_ADMIN_PASSWORD: ADMIN_PASSWORD, NODE_ENV: 'test', ...QUEUE_ENV, ...h.database.env }, rootDir);
      const restarted = await buildApp({ config, clock: new FakeClock(h.clock.now()) });
      await restarted.ready();
      try {
        const state = await restarted.inject({ method: 'POST', url: CONVERSATION_STATE_ROUTE, headers: { 'content-type': 'application/json' }, payload: { jsonrpc: '2.0', method: 'call', id: 1, params: { uuid: third.uuid } } });
        assert.deepEqual((state.json() as { result: unknown }).result, { state: 'open', queue: { position: 2, expected_wait_ms: null } });
        await h.call(CLOSE_SESSION_ROUTE, { session_id: first.id }, { cookie });
        await h.app.events.idle();
        await restarted.queue.sweep();
        assert.equal(await holder(h, second.id), operator.id);
        assert.equal(await holder(h, third.id), null);
      } finally {
        await restarted.close();
      }
    });
  },
  QUEUE_ENV,
);
