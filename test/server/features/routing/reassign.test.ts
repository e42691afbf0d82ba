/**
 * Issue 26, reassign after delay: a conversation whose visitor wrote and that nobody answered within the
 * channel's delay moves to the next operator by the routing rule, once per operator, with the injected
 * clock; not before the delay, not once answered, not when the channel turned it off, not when nobody
 * else is available; the first operator hears that it moved; two processes sweeping at once move it once.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { CHAT_POST_ROUTE } from '../../../../src/protocol/routes.js';
import { UPDATE_CHANNEL_ROUTE } from '../../../../src/protocol/console/routes.js';
import type { OperatorRow } from '../../../../src/server/core/db/tables.js';
import { ReassignService } from '../../../../src/server/features/routing/reassign-service.js';
import { RoutingStore } from '../../../../src/server/features/routing/routing-store.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';

const SECOND = 1000;

async function infos(h: Harness, channel: string): Promise<Record<string, unknown>[]> {
  return (await h.app.busStore.listNotifications({ channels: [channel] })).map((n) => JSON.parse(n.message) as Record<string, unknown>);
}

/** A chat held by a first operator, whose visitor wrote, with `colleagues` more operators online. */
async function unansweredChat(h: Harness, colleagues: number) {
  const { session, operator, channel, cookie } = await h.visitorSession({ name: 'First' });
  const others: OperatorRow[] = [];
  for (let i = 0; i < colleagues; i++) {
    const tag = randomBytes(4).toString('hex');
    const other = await h.app.store.createOperator({ login: `op-${tag}`, display_name: `Colleague ${tag}`, email: null, password: `pw-${tag}` });
    await h.app.store.addChannelOperator(channel.id, other.id);
    await h.login(other.login, `pw-${tag}`);
    others.push(other);
  }
  await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Hello?' });
  return { session, first: operator, others, channel, cookie };
}

/** Moves the clock on, keeping the operators seen (their consoles poll). */
async function later(h: Harness, ms: number, operators: OperatorRow[]): Promise<void> {
  h.clock.advance(ms);
  for (const o of operators) await h.app.store.touchOperator(o.id, h.clock.now());
}

async function holder(h: Harness, sessionId: number): Promise<number | null | undefined> {
  return (await h.app.store.getVisitorSession(sessionId))?.operator_id;
}

describeEachEngine('reassign after delay', (h) => {
  it('moves to the next operator once the delay has passed, not before; the first operator hears it moved', async () => {
    const { session, first, others } = await unansweredChat(h, 1);
    const [next] = others as [OperatorRow];
    const events: unknown[] = [];
    const stop = h.app.events.on('conversation.assigned', (e) => void events.push(e));
    await later(h, 59 * SECOND, [first, next]);
    await h.app.conversationRouting.reassignDue();
    assert.equal(await holder(h, session.id), first.id, 'not before the delay (60 s by default)');
    await later(h, 1 * SECOND, [first, next]);
    await h.app.conversationRouting.reassignDue();
    assert.equal(await holder(h, session.id), next.id);
    await h.app.events.idle();
    stop();
    assert.deepEqual(events, [{ sessionId: session.id, channelId: (await h.app.store.getVisitorSession(session.id))!.channel_id, fromOperatorId: first.id, toOperatorId: next.id, reason: 'reassigned', byOperatorId: null, note: null }]);
    const notice = (await infos(h, BusChannel.operator(first.id))).filter((p) => p.info === 'conversation_assigned');
    assert.deepEqual(notice, [{ info: 'conversation_assigned', session_id: session.id, operator_id: next.id, operator_name: next.display_name, reason: 'reassigned' }]);
    assert.equal((await infos(h, BusChannel.operator(next.id))).filter((p) => p.info === 'new_session').length, 1, 'the next operator sees it arrive');
  });

  it('an answered conversation stays', async () => {
    const { session, first, others, cookie } = await unansweredChat(h, 1);
    await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'Hi, I am here.' }, { cookie });
    await later(h, 10 * 60 * SECOND, [first, ...others]);
    await h.app.conversationRouting.reassignDue();
    assert.equal(await holder(h, session.id), first.id);
  });

  it('a conversation whose visitor has not written stays', async () => {
    const { session, operator: first, channel } = await h.visitorSession();
    const tag = randomBytes(4).toString('hex');
    const other = await h.app.store.createOperator({ login: `op-${tag}`, display_name: 'Other', email: null, password: `pw-${tag}` });
    await h.app.store.addChannelOperator(channel.id, other.id);
    await h.login(other.login, `pw-${tag}`);
    await later(h, 10 * 60 * SECOND, [first, other]);
    await h.app.conversationRouting.reassignDue();
    assert.equal(await holder(h, session.id), first.id);
  });

  it('a channel with the delay off, or a longer delay, keeps it until then', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const off = await unansweredChat(h, 1);
    await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: off.channel.id, values: { reassign_after_seconds: null } }, { cookie: admin });
    const slow = await unansweredChat(h, 1);
    await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: slow.channel.id, values: { reassign_after_seconds: 300 } }, { cookie: admin });
    const everyone = [off.first, ...off.others, slow.first, ...slow.others];
    await later(h, 299 * SECOND, everyone);
    await h.app.conversationRouting.reassignDue();
    assert.equal(await holder(h, slow.session.id), slow.first.id);
    await later(h, 10 * 60 * SECOND, everyone);
    await h.app.conversationRouting.reassignDue();
    assert.equal(await holder(h, off.session.id), off.first.id, 'off: never');
    assert.equal(await holder(h, slow.session.id), slow.others[0]!.id, 'after its own delay');
  });

  it('goes to each operator at most once, each getting a full delay, then stays', async () => {
    const { session, first, others } = await unansweredChat(h, 2);
    const everyone = [first, ...others];
    const seen = [first.id];
    for (let i = 0; i < 2; i++) {
      await later(h, 59 * SECOND, everyone);
      await h.app.conversationRouting.reassignDue();
      assert.equal(await holder(h, session.id), seen.at(-1), 'each holder has the full delay');
      await later(h, 1 * SECOND, everyone);
      await h.app.conversationRouting.reassignDue();
      const now = await holder(h, session.id);
      assert.ok(now !== null && now !== undefined && !seen.includes(now), `move ${i + 1} goes to someone new`);
      seen.push(now);
    }
    await later(h, 10 * 60 * SECOND, everyone);
    await h.app.conversationRouting.reassignDue();
    assert.equal(await holder(h, session.id), seen[2], 'everyone had it: it stays with the last');
    assert.deepEqual([...seen].sort(), everyone.map((o) => o.id).sort());
  });

  it('nobody else available: it stays, and moves once someone comes online', async () => {
    const { session, first, channel } = await unansweredChat(h, 0);
    await later(h, 2 * 60 * SECOND, [first]);
    await h.app.conversationRouting.reassignDue();
    assert.equal(await holder(h, session.id), first.id);
    const tag = randomBytes(4).toString('hex');
    const late = await h.app.store.createOperator({ login: `op-${tag}`, display_name: 'Late', email: null, password: `pw-${tag}` });
    await h.app.store.addChannelOperator(channel.id, late.id);
    await h.login(late.login, `pw-${tag}`);
    await h.app.conversationRouting.reassignDue();
    assert.equal(await holder(h, session.id), late.id);
  });

  it('an operator at capacity is passed over', async () => {
    const { session, first, others, channel } = await unansweredChat(h, 2);
    const [full, free] = others as [OperatorRow, OperatorRow];
    await h.app.store.setOperatorCapacity(channel.id, full.id, 1);
    const busy = await h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channel.id, operator_id: full.id, anonymous_name: 'Busy', name: 'Busy' }, h.clock.now());
    assert.ok(busy.id > 0);
    await later(h, 61 * SECOND, [first, full, free]);
    await h.app.conversationRouting.reassignDue();
    assert.equal(await holder(h, session.id), free.id);
  });

  it('two processes sweeping at once move it once', async () => {
    const { session, first, others } = await unansweredChat(h, 3);
    await later(h, 61 * SECOND, [first, ...others]);
    const events: unknown[] = [];
    const stop = h.app.events.on('conversation.assigned', (e) => void events.push(e));
    const other = new ReassignService(h.app, new RoutingStore(h.app.database.db));
    await Promise.all([h.app.conversationRouting.reassignDue(), other.reassignDue(), new ReassignService(h.app, new RoutingStore(h.app.database.db)).reassignDue()]);
    await h.app.events.idle();
    stop();
    assert.equal(events.filter((e) => (e as { sessionId: number }).sessionId === session.id).length, 1);
    const now = await holder(h, session.id);
    assert.ok(now !== first.id);
    assert.deepEqual(
      (await new RoutingStore(h.app.database.db).assignedOperators(session.id)).sort(),
      [first.id, now].sort(),
      'only the winner’s target is remembered',
    );
  });
});
