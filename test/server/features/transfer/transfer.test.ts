/**
 * Issue 26, transfer, invite and leave: who may pass a conversation on and to whom, what the visitor reads
 * (joined/left lines, the header's operator, never the note), what the consoles hear, and hostile input.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { CONVERSATIONS_ROUTE, CONVERSATION_ROUTE } from '../../../../src/protocol/console/routes.js';
import { INVITE_ROUTE, LEAVE_ROUTE, TRANSFER_LIMITS, TRANSFER_ROUTE, TRANSFER_TARGETS_ROUTE, type ParticipantsResult, type TransferResult, type TransferTargets } from '../../../../src/protocol/console/transfer.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';
import { readableChannels } from '../../../../src/server/domain/conversations/index.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';

type Payload = Record<string, unknown>;

async function payloads(h: Harness, channel: string): Promise<Payload[]> {
  await h.app.events.idle();
  return (await h.app.busStore.listNotifications({ channels: [channel] })).map((n) => JSON.parse(n.message) as Payload);
}

/** The joined/left lines the visitor received, as text. */
async function lines(h: Harness, uuid: string): Promise<string[]> {
  return (await payloads(h, uuid)).filter((p) => p.message_type === 'notification').map((p) => String(p.body));
}

/** A logged-in colleague in the channel. */
async function colleague(h: Harness, channelId: number, name: string) {
  const tag = `${name.toLowerCase().replace(/\W/g, '')}-${channelId}-${Math.floor(Math.random() * 1e6)}`;
  const operator = await h.app.store.createOperator({ login: tag, display_name: name, email: null, password: `pw-${tag}` });
  await h.app.store.addChannelOperator(channelId, operator.id);
  return { operator, cookie: await h.login(tag, `pw-${tag}`) };
}

const refusal = async (h: Harness, route: string, params: unknown, cookie: string) => (await h.rpc(route, params, { cookie })).body.error?.data;

describeEachEngine('transfer, invite and leave', (h) => {
  it('transfers to a colleague of the channel: the visitor reads who joined and left, never the note; the receiver reads it first', async () => {
    const { session, cookie, channel, operator } = await h.visitorSession({ name: 'Ann' });
    const bob = await colleague(h, channel.id, 'Bob <b>');
    const targets = await h.call<TransferTargets>(TRANSFER_TARGETS_ROUTE, { session_id: session.id }, { cookie });
    assert.deepEqual(targets.operators, [{ id: bob.operator.id, name: 'Bob <b>', presence: 'online', load: 0, capacity: null, in_conversation: false }]);
    const result = await h.call<TransferResult>(TRANSFER_ROUTE, { session_id: session.id, operator_id: bob.operator.id, note: ' Wants a refund ' }, { cookie });
    assert.deepEqual(result, { session_id: session.id, operator_id: bob.operator.id, operator_name: 'Bob <b>', channel_id: channel.id });

    assert.deepEqual(await lines(h, session.uuid), ['Bob &lt;b&gt; joined the conversation', 'Ann left the conversation'], 'plain text, escaped');
    const visitor = await payloads(h, session.uuid);
    assert.deepEqual(visitor.find((p) => p.info === 'operator_changed'), { info: 'operator_changed', operator_pid: [bob.operator.id, 'Bob <b>'] });
    assert.ok(!JSON.stringify(visitor).includes('refund'), 'the note never reaches the visitor');
    const received = (await payloads(h, BusChannel.operator(bob.operator.id))).find((p) => p.info === 'conversation_received');
    assert.deepEqual([received?.note, received?.from_name, received?.reason], ['Wants a refund', 'Ann', 'transferred']);
    const told = (await payloads(h, BusChannel.operator(operator.id))).find((p) => p.info === 'conversation_assigned');
    assert.deepEqual([told?.operator_name, told?.reason], ['Bob <b>', 'transferred']);

    assert.equal((await refusal(h, CONVERSATION_ROUTE, { session_id: session.id }, cookie))?.exception_type, 'missing_error', 'the previous operator lost it');
    assert.equal((await h.call<{ id: number }>(CONVERSATION_ROUTE, { session_id: session.id }, { cookie: bob.cookie })).id, session.id);
    assert.equal((await refusal(h, TRANSFER_ROUTE, { session_id: session.id, operator_id: bob.operator.id }, cookie))?.exception_type, 'missing_error');
  });

  it('refuses another channel’s operator, as a target and as a caller', async () => {
    const { session, cookie, channel } = await h.visitorSession();
    const other = await h.visitorSession();
    for (const route of [TRANSFER_ROUTE, INVITE_ROUTE]) {
      assert.equal((await refusal(h, route, { session_id: session.id, operator_id: other.operator.id }, cookie))?.name, 'livechat.TransferRefused.no_access', route);
      assert.equal((await refusal(h, route, { session_id: session.id, operator_id: 999_999 }, cookie))?.name, 'livechat.TransferRefused.no_access', `${route} unknown`);
    }
    const mate = await colleague(h, channel.id, 'Mate');
    for (const [route, params] of [
      [TRANSFER_ROUTE, { session_id: session.id, operator_id: mate.operator.id }],
      [INVITE_ROUTE, { session_id: session.id, operator_id: mate.operator.id }],
      [LEAVE_ROUTE, { session_id: session.id }],
      [TRANSFER_TARGETS_ROUTE, { session_id: session.id }],
    ] as const) {
      assert.equal((await refusal(h, route, params, other.cookie))?.exception_type, 'missing_error', `${route} by a stranger`);
      assert.equal((await h.rpc(route, params)).body.error?.code, 100, `${route} anonymous`);
    }
    assert.equal((await refusal(h, TRANSFER_ROUTE, { session_id: session.id, channel_id: other.channel.id }, cookie))?.name, 'livechat.TransferRefused.no_access', 'a channel it is not in');
    assert.equal((await h.call<{ operator_pid: unknown }>(CONVERSATION_ROUTE, { session_id: session.id }, { cookie })) !== undefined, true, 'still its own');
  });

  it('invites a colleague, who reads, lists and polls it until leaving; the last operator cannot leave', async () => {
    const { session, cookie, channel, operator } = await h.visitorSession({ name: 'Ann' });
    const cleo = await colleague(h, channel.id, 'Cleo');
    assert.equal((await refusal(h, LEAVE_ROUTE, { session_id: session.id }, cookie))?.name, 'livechat.TransferRefused.alone');
    const invited = await h.call<ParticipantsResult>(INVITE_ROUTE, { session_id: session.id, operator_id: cleo.operator.id }, { cookie });
    assert.deepEqual(invited.participants, [{ id: cleo.operator.id, name: 'Cleo' }]);
    assert.equal((await refusal(h, INVITE_ROUTE, { session_id: session.id, operator_id: cleo.operator.id }, cookie))?.name, 'livechat.TransferRefused.already_in');
    assert.equal((await h.call<{ id: number }>(CONVERSATION_ROUTE, { session_id: session.id }, { cookie: cleo.cookie })).id, session.id);
    for (const view of [undefined, 'mine']) {
      const list = await h.call<{ id: number }[]>(CONVERSATIONS_ROUTE, view ? { view } : {}, { cookie: cleo.cookie });
      assert.ok(list.some((c) => c.id === session.id), `in Cleo's list (${view ?? 'default'})`);
    }
    assert.deepEqual(await readableChannels(h.app.store, [BusChannel.session(session.id)], cleo.operator), [BusChannel.session(session.id)], 'a participant polls the session');
    const invitedPayload = (await payloads(h, BusChannel.operator(cleo.operator.id))).find((p) => p.info === 'conversation_invited');
    assert.equal(invitedPayload?.by_name, 'Ann');
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Still there?' });
    const heard = (await payloads(h, BusChannel.operator(cleo.operator.id))).filter((p) => p.body === '<p>Still there?</p>');
    assert.equal(heard.length, 1, 'a participant hears the visitor on its own channel, once');

    await h.call(LEAVE_ROUTE, { session_id: session.id }, { cookie: cleo.cookie });
    assert.deepEqual(await lines(h, session.uuid), ['Cleo joined the conversation', 'Cleo left the conversation']);
    assert.equal((await refusal(h, CONVERSATION_ROUTE, { session_id: session.id }, cleo.cookie))?.exception_type, 'missing_error');
    assert.deepEqual(await readableChannels(h.app.store, [BusChannel.session(session.id)], cleo.operator), []);
    assert.equal((await h.app.store.getVisitorSession(session.id))?.operator_id, operator.id, 'the operator stays');
  });

  it('when its operator leaves, the conversation passes to the one remaining', async () => {
    const { session, cookie, channel, operator } = await h.visitorSession({ name: 'Ann' });
    const dan = await colleague(h, channel.id, 'Dan');
    await h.call(INVITE_ROUTE, { session_id: session.id, operator_id: dan.operator.id }, { cookie });
    const left = await h.call<ParticipantsResult>(LEAVE_ROUTE, { session_id: session.id }, { cookie });
    assert.deepEqual(left.participants, []);
    assert.equal((await h.app.store.getVisitorSession(session.id))?.operator_id, dan.operator.id);
    assert.deepEqual(await lines(h, session.uuid), ['Dan joined the conversation', 'Ann left the conversation'], 'Dan joined once');
    assert.deepEqual(await h.app.store.participants.list(session.id), [], 'Dan is its operator now, not a participant');
    assert.equal((await refusal(h, CONVERSATION_ROUTE, { session_id: session.id }, cookie))?.exception_type, 'missing_error');
    assert.equal((await refusal(h, LEAVE_ROUTE, { session_id: session.id }, dan.cookie))?.name, 'livechat.TransferRefused.alone');
    assert.notEqual(operator.id, dan.operator.id);
  });

  it('transfers to a channel: one of its available operators takes it and the conversation moves there', async () => {
    const { session, cookie, operator } = await h.visitorSession();
    const billing = await h.channelWithOperator({ name: 'Eve' });
    await h.app.store.addChannelOperator(billing.channel.id, operator.id);
    const empty = await h.app.store.createChannel({ name: 'Nobody here' });
    await h.app.store.addChannelOperator(empty.id, operator.id);
    const targets = await h.call<TransferTargets>(TRANSFER_TARGETS_ROUTE, { session_id: session.id }, { cookie });
    assert.deepEqual(
      targets.channels.filter((c) => c.id === billing.channel.id || c.id === empty.id).map((c) => [c.name, c.available]),
      [[billing.channel.name, true], ['Nobody here', false]],
    );
    assert.equal((await refusal(h, TRANSFER_ROUTE, { session_id: session.id, channel_id: empty.id }, cookie))?.name, 'livechat.TransferRefused.nobody_available');
    const result = await h.call<TransferResult>(TRANSFER_ROUTE, { session_id: session.id, channel_id: billing.channel.id }, { cookie });
    assert.deepEqual([result.operator_id, result.channel_id], [billing.operator.id, billing.channel.id]);
    assert.equal((await h.app.store.getVisitorSession(session.id))?.channel_id, billing.channel.id);
    assert.equal((await h.call<{ channel_id: number }>(CONVERSATION_ROUTE, { session_id: session.id }, { cookie: billing.cookie })).channel_id, billing.channel.id);
  });

  it('asks to confirm a transfer to an operator at capacity; a channel skips those at capacity', async () => {
    const { session, cookie, channel } = await h.visitorSession({ name: 'Ann' });
    const gus = await colleague(h, channel.id, 'Gus');
    await h.app.store.setOperatorCapacity(channel.id, gus.operator.id, 1);
    const busy = await h.call<{ id: number }>(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'Other', previous_operator_id: gus.operator.id });
    assert.equal((await h.app.store.getVisitorSession(busy.id))?.operator_id, gus.operator.id, 'Gus serves one chat');
    const listed = (await h.call<TransferTargets>(TRANSFER_TARGETS_ROUTE, { session_id: session.id }, { cookie })).operators.find((o) => o.id === gus.operator.id);
    assert.deepEqual([listed?.load, listed?.capacity], [1, 1]);
    const other = await h.app.store.createChannel({ name: `Spare ${channel.id}` });
    await h.app.store.addChannelOperator(other.id, gus.operator.id);
    await h.app.store.addChannelOperator(other.id, (await h.app.store.getVisitorSession(session.id))!.operator_id!);
    await h.app.store.setOperatorCapacity(other.id, gus.operator.id, 1);
    assert.equal((await refusal(h, TRANSFER_ROUTE, { session_id: session.id, channel_id: other.id }, cookie))?.name, 'livechat.TransferRefused.nobody_available');
    assert.equal((await refusal(h, TRANSFER_ROUTE, { session_id: session.id, operator_id: gus.operator.id }, cookie))?.name, 'livechat.TransferRefused.at_capacity');
    const moved = await h.call<TransferResult>(TRANSFER_ROUTE, { session_id: session.id, operator_id: gus.operator.id, confirm: true }, { cookie });
    assert.equal(moved.operator_id, gus.operator.id);
  });

  it('refuses hostile input and closed conversations', async () => {
    const { session, cookie, channel } = await h.visitorSession();
    const mate = await colleague(h, channel.id, 'Fay');
    const invalid = async (route: string, params: unknown) => assert.equal((await refusal(h, route, params, cookie))?.exception_type, 'validation_error', `${route} ${JSON.stringify(params).slice(0, 60)}`);
    for (const note of ['x'.repeat(TRANSFER_LIMITS.noteMax + 1), 'bell\u0007', 'nul\u0000', 42, ['x'], { a: 1 }, true]) {
      await invalid(TRANSFER_ROUTE, { session_id: session.id, operator_id: mate.operator.id, note });
    }
    for (const bad of [null, -1, 1.5, '1; DROP TABLE visitor_session', [], {}, 2 ** 60]) {
      await invalid(TRANSFER_ROUTE, { session_id: bad, operator_id: mate.operator.id });
      await invalid(INVITE_ROUTE, { session_id: session.id, operator_id: bad });
      await invalid(LEAVE_ROUTE, { session_id: bad });
    }
    await invalid(TRANSFER_ROUTE, { session_id: session.id, operator_id: mate.operator.id, confirm: 'yes' });
    await invalid(TRANSFER_ROUTE, { session_id: session.id });
    await invalid(TRANSFER_ROUTE, { session_id: session.id, operator_id: mate.operator.id, channel_id: channel.id });
    for (const key of ['__proto__', 'constructor']) {
      await invalid(TRANSFER_ROUTE, JSON.parse(`{"${key}": {"session_id": ${session.id}, "operator_id": ${mate.operator.id}}}`) as object);
    }
    assert.equal((await refusal(h, TRANSFER_ROUTE, { session_id: 987_654, operator_id: mate.operator.id }, cookie))?.exception_type, 'missing_error');
    assert.equal((await h.app.store.getVisitorSession(session.id))?.operator_id !== mate.operator.id, true, 'nothing moved');
    await h.app.store.closeVisitorSession(session.id, h.clock.now());
    for (const [route, params] of [
      [TRANSFER_ROUTE, { session_id: session.id, operator_id: mate.operator.id }],
      [INVITE_ROUTE, { session_id: session.id, operator_id: mate.operator.id }],
      [LEAVE_ROUTE, { session_id: session.id }],
    ] as const) {
      assert.equal((await refusal(h, route, params, cookie))?.name, 'livechat.TransferRefused.closed', route);
    }
  });

  it(`takes ${TRANSFER_LIMITS.perMinute} changes a minute from one operator, then refuses`, async () => {
    const { session, cookie } = await h.visitorSession();
    for (let i = 0; i < TRANSFER_LIMITS.perMinute; i += 1) await refusal(h, LEAVE_ROUTE, { session_id: session.id }, cookie);
    const { res } = await h.rpc(LEAVE_ROUTE, { session_id: session.id }, { cookie });
    assert.equal(res.statusCode, 429);
  });
});
