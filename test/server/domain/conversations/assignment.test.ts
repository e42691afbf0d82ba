/**
 * Issue 26: the one way a conversation changes hands. A conditional write, so two callers racing for one
 * conversation never both win; the new operator hears of it as a new conversation, the previous one and
 * the session's readers get `conversation_assigned`, and `conversation.assigned` fires once.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { assignConversation } from '../../../../src/server/domain/conversations/index.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';

async function infos(h: Harness, channel: string): Promise<Record<string, unknown>[]> {
  return (await h.app.busStore.listNotifications({ channels: [channel] })).map((n) => JSON.parse(n.message) as Record<string, unknown>);
}

describeEachEngine('assigning a conversation', (h) => {
  it('moves an open conversation once; the racing second call and a closed conversation are refused', async () => {
    const { session: wire, operator, channel } = await h.visitorSession();
    const session = (await h.app.store.getVisitorSession(wire.id))!;
    const colleague = await h.app.store.createOperator({ login: `colleague-${session.id}`, display_name: 'Colleague', email: null, password: 'pw-colleague' });
    const third = await h.app.store.createOperator({ login: `third-${session.id}`, display_name: 'Third', email: null, password: 'pw-third' });
    await h.app.store.addChannelOperator(channel.id, colleague.id);
    const events: unknown[] = [];
    const stop = h.app.events.on('conversation.assigned', (e) => void events.push(e));

    const results = await Promise.all([
      assignConversation(h.app, session, colleague, { reason: 'transferred', byOperatorId: operator.id, note: 'VIP' }),
      assignConversation(h.app, session, third, { reason: 'taken', byOperatorId: third.id }),
    ]);
    await h.app.events.idle();
    stop();
    assert.equal(results.filter((r) => r !== undefined).length, 1, 'one of two racing calls wins');
    assert.equal(events.length, 1);
    const holder = (await h.app.store.getVisitorSession(session.id))?.operator_id;
    assert.ok(holder === colleague.id || holder === third.id);

    // From where it now is, a transfer with a note to the colleague.
    const current = (await h.app.store.getVisitorSession(session.id))!;
    const target = holder === colleague.id ? third : colleague;
    const other = holder === colleague.id ? colleague : third;
    const events2: unknown[] = [];
    const stop2 = h.app.events.on('conversation.assigned', (e) => void events2.push(e));
    const won = await assignConversation(h.app, current, target, { reason: 'transferred', byOperatorId: other.id, note: 'VIP' });
    assert.equal(await assignConversation(h.app, current, target, { reason: 'transferred', byOperatorId: other.id }), undefined, 'a stale row no longer moves it');
    await h.app.events.idle();
    stop2();
    assert.equal(won?.operator_id, target.id);
    assert.equal(won?.name, `${session.anonymous_name} ${target.display_name}`);
    assert.deepEqual(events2, [{ sessionId: session.id, channelId: channel.id, fromOperatorId: other.id, toOperatorId: target.id, reason: 'transferred', byOperatorId: other.id, note: 'VIP' }]);
    assert.equal((await infos(h, BusChannel.operator(target.id))).filter((p) => p.info === 'new_session').length, 1, 'the receiver hears of it as a new conversation');
    const moved = { info: 'conversation_assigned', session_id: session.id, operator_id: target.id, operator_name: target.display_name, reason: 'transferred' };
    assert.deepEqual((await infos(h, BusChannel.operator(other.id))).filter((p) => p.info === 'conversation_assigned').at(-1), moved);
    assert.deepEqual((await infos(h, BusChannel.session(session.id))).filter((p) => p.info === 'conversation_assigned').at(-1), moved);
    assert.equal((await infos(h, session.uuid)).filter((p) => p.info === 'conversation_assigned').length, 0, 'the uuid channel is the visitor’s; features tell it their own way');
    await h.app.store.closeVisitorSession(session.id, h.clock.now());
    const closed = await h.app.store.getVisitorSession(session.id);
    assert.equal(await assignConversation(h.app, closed!, other, { reason: 'taken', byOperatorId: other.id }), undefined);
    assert.equal((await h.app.store.getVisitorSession(session.id))?.operator_id, target.id);
  });
});
