/**
 * Issue 26: a visitor who comes back while their conversation waits in the queue gets it back with their
 * place: a verified visitor through get_session (another page, a reload, another device), an anonymous one
 * through the session cookie's uuid (conversation_state). Hostile input: a wrong hash, another visitor's
 * id, another channel, a closed conversation.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { IdentitySecretGenerated } from '../../../../src/protocol/operator-console.js';
import { CLOSE_SESSION_ROUTE, GENERATE_IDENTITY_SECRET_ROUTE } from '../../../../src/protocol/console/routes.js';
import { QUEUE_TAKE_ROUTE } from '../../../../src/protocol/console/queue-routes.js';
import { CONVERSATION_STATE_ROUTE } from '../../../../src/protocol/conversation-state.js';
import { GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { QUEUE_ENV, opened, queuedChannel, type Opened } from './queue-support.js';

const hashFor = (secret: string, id: string) => crypto.createHmac('sha256', secret).update(id).digest('hex');

type Resumed = Opened & { resumed?: true; identity?: string; visitor_id?: string };

/** A channel at capacity with an identity secret, its one slot taken by an anonymous visitor. */
async function fullChannelWithSecret(h: Harness) {
  const ctx = await queuedChannel(h, 1);
  const admin = await h.login('admin', ADMIN_PASSWORD);
  const { secret } = await h.call<IdentitySecretGenerated>(GENERATE_IDENTITY_SECRET_ROUTE, { channel_id: ctx.channel.id }, { cookie: admin });
  const served = await opened(h, ctx.channel.id);
  return { ...ctx, secret, served };
}

function asVerified(h: Harness, channelId: number, id: string, hash: string) {
  return h.rpc(GET_SESSION_ROUTE, { channel_id: channelId, anonymous_name: 'Visitor', previous_operator_id: null, visitor_id: id, visitor_hash: hash });
}

async function verified(h: Harness, channelId: number, secret: string, id: string, extra: Record<string, unknown> = {}): Promise<Resumed> {
  const { body } = await h.rpc(GET_SESSION_ROUTE, { channel_id: channelId, anonymous_name: 'Visitor', previous_operator_id: null, visitor_id: id, visitor_hash: hashFor(secret, id), ...extra });
  assert.equal(body.error, undefined, JSON.stringify(body.error));
  assert.ok(body.result, 'the visitor gets a conversation');
  return body.result as Resumed;
}

describeEachEngine(
  'coming back to a waiting conversation',
  (h) => {
    it('a verified visitor who comes back gets the waiting conversation with their place, not a new one', async () => {
      const { channel, secret } = await fullChannelWithSecret(h);
      const ahead = await verified(h, channel.id, secret, 'ahead');
      const mine = await verified(h, channel.id, secret, 'ada', { visitor_name: 'Ada' });
      assert.deepEqual([ahead.queue?.position, mine.queue?.position], [1, 2]);
      assert.equal(mine.resumed, undefined);

      const again = await verified(h, channel.id, secret, 'ada', { page_history: ['/account'] });
      assert.equal(again.uuid, mine.uuid, 'the same conversation');
      assert.equal(again.resumed, true);
      assert.deepEqual(again.operator_pid, [0, channel.name], 'still no operator: the channel names the window');
      assert.deepEqual(again.queue, { position: 2, expected_wait_ms: null }, 'the place is kept');
      assert.equal(again.visitor_id, 'ada');
      const session = await h.app.store.getVisitorSession(mine.id);
      assert.equal(session?.name, 'Ada', 'named after the visitor alone while waiting');
      assert.deepEqual(JSON.parse(session?.page_history ?? '[]'), ['/account']);
      assert.equal((await h.app.database.db.selectFrom('visitor_session').select('id').where('channel_id', '=', channel.id).execute()).length, 3, 'no new conversation');

      // Someone ahead leaves: the place the visitor comes back to moves with the queue.
      const admin = await h.login('admin', ADMIN_PASSWORD);
      await h.call(CLOSE_SESSION_ROUTE, { session_id: ahead.id }, { cookie: admin });
      await h.app.events.idle();
      assert.deepEqual((await verified(h, channel.id, secret, 'ada')).queue, { position: 1, expected_wait_ms: null });
    });

    it('once an operator takes it, coming back names the operator and no place; a closed one is not resumed', async () => {
      const { channel, secret, cookie, operator } = await fullChannelWithSecret(h);
      const mine = await verified(h, channel.id, secret, 'bob');
      assert.deepEqual(await h.call(QUEUE_TAKE_ROUTE, { session_id: mine.id }, { cookie }), { session_id: mine.id });
      const back = await verified(h, channel.id, secret, 'bob');
      assert.equal(back.uuid, mine.uuid);
      assert.deepEqual(back.operator_pid, [operator.id, operator.display_name]);
      assert.equal(back.queue, undefined);
      await h.call(CLOSE_SESSION_ROUTE, { session_id: mine.id }, { cookie });
      await h.app.events.idle();
      const fresh = await verified(h, channel.id, secret, 'bob');
      assert.notEqual(fresh.uuid, mine.uuid, 'a closed conversation is not resumed');
    });

    it('nobody else gets the waiting conversation: a wrong hash, another id, another channel', async () => {
      const { channel, secret } = await fullChannelWithSecret(h);
      const mine = await verified(h, channel.id, secret, 'carol');
      for (const hash of [hashFor(secret, 'mallory'), hashFor('another secret', 'carol'), '0'.repeat(64), 'g'.repeat(64)]) {
        const { body } = await asVerified(h, channel.id, 'carol', hash);
        assert.ok(body.error, 'a wrong hash is refused');
      }
      const other = await verified(h, channel.id, secret, 'mallory');
      assert.notEqual(other.uuid, mine.uuid);
      const elsewhere = await queuedChannel(h, 1);
      const admin = await h.login('admin', ADMIN_PASSWORD);
      const second = await h.call<IdentitySecretGenerated>(GENERATE_IDENTITY_SECRET_ROUTE, { channel_id: elsewhere.channel.id }, { cookie: admin });
      const there = await verified(h, elsewhere.channel.id, second.secret, 'carol');
      assert.notEqual(there.uuid, mine.uuid, 'another channel’s conversation is its own');
      assert.equal((await verified(h, channel.id, secret, 'carol')).uuid, mine.uuid, 'still theirs after the attempts');
    });

    it('an anonymous visitor reloading with the session cookie finds the waiting conversation and its place', async () => {
      const { channel } = await fullChannelWithSecret(h);
      const waiting = await opened(h, channel.id);
      assert.deepEqual(waiting.queue, { position: 1, expected_wait_ms: null });
      assert.deepEqual(await h.call(CONVERSATION_STATE_ROUTE, { uuid: waiting.uuid }), { state: 'open', queue: { position: 1, expected_wait_ms: null } });
      const anotherAnonymous = await opened(h, channel.id);
      assert.notEqual(anotherAnonymous.uuid, waiting.uuid, 'without the cookie, a new conversation, behind');
      assert.deepEqual(anotherAnonymous.queue, { position: 2, expected_wait_ms: null });
      assert.deepEqual(await h.call(CONVERSATION_STATE_ROUTE, { uuid: waiting.uuid }), { state: 'open', queue: { position: 1, expected_wait_ms: null } }, 'the place is kept');
      for (const uuid of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', 42, { __proto__: null }]) {
        const { body } = await h.rpc(CONVERSATION_STATE_ROUTE, { uuid });
        assert.ok(body.error || (body.result as { state: string }).state === 'closed', `no place for ${JSON.stringify(uuid)}`);
      }
    });
  },
  QUEUE_ENV,
);
