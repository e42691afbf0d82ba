/**
 * Issue 26, the conversation pane's participant list: who holds a conversation and who was invited, as
 * invitations, leaves and transfers change it; who may ask; hostile input; the rate limit.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { INVITE_ROUTE, LEAVE_ROUTE, PARTICIPANTS_ROUTE, TRANSFER_LIMITS, TRANSFER_ROUTE, type ConversationParticipants } from '../../../../src/protocol/console/transfer.js';
import { SET_CHANNEL_ROLE_ROUTE } from '../../../../src/protocol/console/supervision.js';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { CHAT_POST_ROUTE } from '../../../../src/protocol/routes.js';
import { readableChannels } from '../../../../src/server/domain/conversations/index.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';

/** A logged-in colleague in the channel. */
async function colleague(h: Harness, channelId: number, name: string) {
  const tag = `${name.toLowerCase().replace(/\W/g, '')}-${channelId}-${Math.floor(Math.random() * 1e6)}`;
  const operator = await h.app.store.createOperator({ login: tag, display_name: name, email: null, password: `pw-${tag}` });
  await h.app.store.addChannelOperator(channelId, operator.id);
  return { operator, cookie: await h.login(tag, `pw-${tag}`) };
}

const errorOf = async (h: Harness, params: unknown, cookie?: string) => (await h.rpc(PARTICIPANTS_ROUTE, params, cookie === undefined ? {} : { cookie })).body.error;

describeEachEngine('a conversation’s participants', (h) => {
  it('names the holder and the invited colleagues as they come, leave, and the conversation is transferred', async () => {
    const { session, cookie, channel, operator } = await h.visitorSession({ name: 'Ann' });
    const ask = (as = cookie) => h.call<ConversationParticipants>(PARTICIPANTS_ROUTE, { session_id: session.id }, { cookie: as });
    assert.deepEqual(await ask(), { session_id: session.id, holder: { id: operator.id, name: 'Ann' }, participants: [] });
    const bob = await colleague(h, channel.id, 'Bob <b>');
    const cleo = await colleague(h, channel.id, 'Cleo');
    await h.call(INVITE_ROUTE, { session_id: session.id, operator_id: bob.operator.id }, { cookie });
    await h.call(INVITE_ROUTE, { session_id: session.id, operator_id: cleo.operator.id }, { cookie });
    const both = [{ id: bob.operator.id, name: 'Bob <b>' }, { id: cleo.operator.id, name: 'Cleo' }];
    assert.deepEqual((await ask()).participants, both, 'names as they are: the console escapes');
    assert.deepEqual(await ask(bob.cookie), await ask(), 'an invited colleague reads the same');
    await h.call(LEAVE_ROUTE, { session_id: session.id }, { cookie: bob.cookie });
    assert.deepEqual((await ask()).participants, [{ id: cleo.operator.id, name: 'Cleo' }]);
    await h.call(TRANSFER_ROUTE, { session_id: session.id, operator_id: cleo.operator.id }, { cookie });
    await h.app.events.idle();
    assert.deepEqual(await ask(cleo.cookie), { session_id: session.id, holder: { id: cleo.operator.id, name: 'Cleo' }, participants: [] }, 'the receiver holds it and is no longer a participant');
    await h.app.store.closeVisitorSession(session.id, h.clock.now());
    assert.equal((await ask(cleo.cookie)).holder?.id, cleo.operator.id, 'a closed conversation still says who served it');
  });

  it('keeps the conversation’s count of participants, which a post hands its listeners so a chat nobody joined costs no query', async () => {
    const { session, cookie, channel } = await h.visitorSession({ name: 'Dee' });
    const count = async () => (await h.app.store.getVisitorSession(session.id))?.participant_count;
    const posted: { participants: number; status: string }[] = [];
    const stop = h.app.events.on('message.posted', (e) => void posted.push({ participants: e.participants, status: e.status }));
    try {
      assert.equal(await count(), 0);
      const eve = await colleague(h, channel.id, 'Eve');
      const fay = await colleague(h, channel.id, 'Fay');
      await h.call(INVITE_ROUTE, { session_id: session.id, operator_id: eve.operator.id }, { cookie });
      await h.call(INVITE_ROUTE, { session_id: session.id, operator_id: fay.operator.id }, { cookie });
      assert.equal(await count(), 2);
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Two more?' });
      await h.call(LEAVE_ROUTE, { session_id: session.id }, { cookie: eve.cookie });
      assert.equal(await count(), 1);
      await h.call(TRANSFER_ROUTE, { session_id: session.id, operator_id: fay.operator.id }, { cookie });
      await h.app.events.idle();
      assert.equal(await count(), 0, 'the receiver holds it and is no longer a participant');
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Just you now?' });
      await h.app.events.idle();
      assert.deepEqual(posted, [{ participants: 2, status: 'open' }, { participants: 0, status: 'open' }]);
    } finally {
      stop();
    }
  });

  it('counts invitations made at the same moment exactly', async () => {
    const { session, cookie, channel } = await h.visitorSession({ name: 'Gil' });
    const invited = await Promise.all(['Hal', 'Ivy', 'Jo', 'Kim'].map((name) => colleague(h, channel.id, name)));
    await Promise.all(invited.map((c) => h.call(INVITE_ROUTE, { session_id: session.id, operator_id: c.operator.id }, { cookie })));
    assert.equal((await h.app.store.getVisitorSession(session.id))?.participant_count, 4);
    await Promise.all(invited.slice(0, 3).map((c) => h.call(LEAVE_ROUTE, { session_id: session.id }, { cookie: c.cookie })));
    assert.equal((await h.app.store.getVisitorSession(session.id))?.participant_count, (await h.app.store.participants.list(session.id)).length);
  });

  it('tells every console following the conversation, a supervisor’s and an admin’s too, each time its participants change', async () => {
    const { session, cookie, channel } = await h.visitorSession({ name: 'Ann' });
    const bob = await colleague(h, channel.id, 'Bob');
    const sue = await colleague(h, channel.id, 'Sue');
    const admin = await h.login('admin', ADMIN_PASSWORD);
    await h.call(SET_CHANNEL_ROLE_ROUTE, { channel_id: channel.id, operator_id: sue.operator.id, role: 'supervisor' }, { cookie: admin });
    const stranger = await h.visitorSession();
    const own = BusChannel.session(session.id);
    const adminRow = (await h.app.store.getOperatorByLogin('admin'))!;
    for (const reader of [sue.operator, adminRow]) assert.deepEqual(await readableChannels(h.app.store, [own], reader), [own], `${reader.display_name} follows it`);
    assert.deepEqual(await readableChannels(h.app.store, [own], stranger.operator), [], 'another channel’s operator does not');
    const changes = async () => {
      await h.app.events.idle();
      return (await h.app.busStore.listNotifications({ channels: [own] })).map((n) => JSON.parse(n.message) as Record<string, unknown>).filter((p) => p.info === 'participants_changed');
    };
    assert.equal((await changes()).length, 0);
    await h.call(INVITE_ROUTE, { session_id: session.id, operator_id: bob.operator.id }, { cookie });
    assert.deepEqual(await changes(), [{ info: 'participants_changed', session_id: session.id }], 'an invitation');
    await h.call(LEAVE_ROUTE, { session_id: session.id }, { cookie: bob.cookie });
    assert.equal((await changes()).length, 2, 'a leave');
    await h.call(TRANSFER_ROUTE, { session_id: session.id, operator_id: bob.operator.id }, { cookie });
    assert.equal((await changes()).length, 3, 'a transfer');
    assert.deepEqual(await h.call<ConversationParticipants>(PARTICIPANTS_ROUTE, { session_id: session.id }, { cookie: sue.cookie }), { session_id: session.id, holder: { id: bob.operator.id, name: 'Bob' }, participants: [] }, 'what the supervisor then reads');
    const others = (await h.app.busStore.listNotifications({ channels: [BusChannel.session(stranger.session.id)] })).filter((n) => n.message.includes('participants_changed'));
    assert.deepEqual(others, [], 'no other conversation hears of it');
  });

  it('answers "not found" to another channel’s operator and to an unknown conversation, and asks anonymous callers to log in', async () => {
    const { session, cookie } = await h.visitorSession();
    const other = await h.visitorSession();
    assert.equal((await errorOf(h, { session_id: session.id }, other.cookie))?.data.exception_type, 'missing_error');
    assert.equal((await errorOf(h, { session_id: other.session.id }, cookie))?.data.exception_type, 'missing_error');
    for (const unknown of [987_654, 0]) assert.equal((await errorOf(h, { session_id: unknown }, cookie))?.data.exception_type, 'missing_error', String(unknown));
    assert.equal((await errorOf(h, { session_id: session.id }))?.code, 100);
  });

  it('refuses hostile input', async () => {
    const { session, cookie } = await h.visitorSession();
    for (const bad of [null, -1, 1.5, '1; DROP TABLE visitor_session', 'x'.repeat(10_000), '7\u0000', [], {}, true, 2 ** 60]) {
      assert.equal((await errorOf(h, { session_id: bad }, cookie))?.data.exception_type, 'validation_error', JSON.stringify(bad).slice(0, 40));
    }
    for (const key of ['__proto__', 'constructor']) {
      const params = JSON.parse(`{"${key}": {"session_id": ${session.id}}}`) as object;
      assert.equal((await errorOf(h, params, cookie))?.data.exception_type, 'validation_error', key);
    }
    assert.equal((await errorOf(h, {}, cookie))?.data.exception_type, 'validation_error');
  });

  it(`answers ${TRANSFER_LIMITS.participantsPerMinute} times a minute to one operator, then refuses`, async () => {
    const { session, cookie } = await h.visitorSession();
    for (let i = 0; i < TRANSFER_LIMITS.participantsPerMinute; i += 1) await h.rpc(PARTICIPANTS_ROUTE, { session_id: session.id }, { cookie });
    const { res } = await h.rpc(PARTICIPANTS_ROUTE, { session_id: session.id }, { cookie });
    assert.equal(res.statusCode, 429);
  });
});
