/**
 * Issue 26: one definition of an operator's load. The routing rule, the transfer dialog and the
 * supervision screen show the same "load / capacity" for an operator, counted in every channel: against a
 * capacity, their open live chats however quiet; without one, those that started or had a message in the
 * last 30 minutes (SPEC's "active livechat", which balancing counts).
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { TRANSFER_TARGETS_ROUTE, type TransferTargets } from '../../../../src/protocol/console/transfer.js';
import { SUPERVISION_ROUTE, type SupervisionSnapshot } from '../../../../src/protocol/console/supervision.js';
import { ACTIVE_WINDOW_MS, onlineOperators, operatorLoads, pickOperator } from '../../../../src/server/domain/channels/index.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';

function chat(h: Harness, channelId: number, operatorId: number, name: string) {
  return h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channelId, operator_id: operatorId, anonymous_name: name, name }, h.clock.now());
}

/** What each of the three screens says of the operator in channel `channelId`. */
async function threeReadings(h: Harness, channelId: number, operatorId: number, viewer: { sessionId: number; cookie: string }, admin: string) {
  const routing = (await onlineOperators(h.app.store, channelId, h.clock.now())).find((o) => o.id === operatorId);
  const targets = await h.call<TransferTargets>(TRANSFER_TARGETS_ROUTE, { session_id: viewer.sessionId }, { cookie: viewer.cookie });
  const transfer = targets.operators.find((o) => o.id === operatorId);
  const screen = (await h.call<SupervisionSnapshot>(SUPERVISION_ROUTE, { channel_id: channelId }, { cookie: admin })).operators.find((o) => o.id === operatorId);
  return {
    routing: routing && { load: routing.load, capacity: routing.capacity },
    transfer: transfer && { load: transfer.load, capacity: transfer.capacity },
    supervision: screen && { load: screen.load, capacity: screen.capacity },
  };
}

describeEachEngine('operator load', (h) => {
  it('routing, the transfer dialog and the supervision screen agree on load and capacity', async () => {
    const ann = await h.channelWithOperator({ online: false, name: 'Ann' });
    const bob = await h.channelWithOperator({ online: false, name: 'Bob' });
    await h.app.store.addChannelOperator(ann.channel.id, bob.operator.id);
    await h.app.store.addChannelOperator(bob.channel.id, ann.operator.id);
    await h.app.database.db.updateTable('livechat_channel').set({ capacity: 5 }).where('id', '=', ann.channel.id).execute();
    const stale = await chat(h, ann.channel.id, ann.operator.id, 'Stale');
    const revived = await chat(h, ann.channel.id, ann.operator.id, 'Revived');
    h.clock.advance(ACTIVE_WINDOW_MS + 60_000);
    await h.app.store.insertMessage({ session_id: revived.id, body: 'still there?', author_operator_id: null, message_type: 'comment' }, h.clock.now());
    await chat(h, ann.channel.id, ann.operator.id, 'Fresh');
    await chat(h, bob.channel.id, ann.operator.id, 'Elsewhere');
    const closed = await chat(h, ann.channel.id, ann.operator.id, 'Closed');
    await h.app.store.closeVisitorSession(closed.id, h.clock.now());
    const bobs = await chat(h, ann.channel.id, bob.operator.id, 'Bob’s');
    const bobsElsewhere = await chat(h, bob.channel.id, bob.operator.id, 'Bob’s other');
    await h.login(ann.operator.login, ann.password);
    const bobCookie = await h.login(bob.operator.login, bob.password);
    const admin = await h.login('admin', ADMIN_PASSWORD);

    const capped = { load: 4, capacity: 5 };
    const inCapped = await threeReadings(h, ann.channel.id, ann.operator.id, { sessionId: bobs.id, cookie: bobCookie }, admin);
    assert.deepEqual(inCapped, { routing: capped, transfer: capped, supervision: capped }, 'against a capacity every open chat counts, the stale one too');
    const uncapped = { load: 3, capacity: null };
    const inFree = await threeReadings(h, bob.channel.id, ann.operator.id, { sessionId: bobsElsewhere.id, cookie: bobCookie }, admin);
    assert.deepEqual(inFree, { routing: uncapped, transfer: uncapped, supervision: uncapped }, 'without a capacity only the active chats count, as balancing always did');
    const subjects = [
      { id: ann.operator.id, capacity: null },
      { id: bob.operator.id, capacity: 5 },
    ];
    assert.deepEqual([...(await operatorLoads(h.app.store, subjects, h.clock.now())).entries()].sort(), [[ann.operator.id, 3], [bob.operator.id, 2]].sort(), 'the closed chat never counts');

    await h.app.store.insertMessage({ session_id: stale.id, body: 'hello again', author_operator_id: null, message_type: 'comment' }, h.clock.now());
    await h.app.store.setOperatorCapacity(ann.channel.id, ann.operator.id, 6);
    const after = { load: 4, capacity: 6 };
    assert.deepEqual(await threeReadings(h, ann.channel.id, ann.operator.id, { sessionId: bobs.id, cookie: bobCookie }, admin), { routing: after, transfer: after, supervision: after }, 'the override counts');
    const revivedFree = { load: 4, capacity: null };
    const again = await threeReadings(h, bob.channel.id, ann.operator.id, { sessionId: bobsElsewhere.id, cookie: bobCookie }, admin);
    assert.deepEqual(again, { routing: revivedFree, transfer: revivedFree, supervision: revivedFree }, 'a message makes a quiet chat active again');
  });

  it('an open chat silent for 31 minutes keeps its slot when a capacity is set, and frees none without', async () => {
    const ann = await h.channelWithOperator({ name: 'Ann' });
    await h.app.database.db.updateTable('livechat_channel').set({ capacity: 1 }).where('id', '=', ann.channel.id).execute();
    await chat(h, ann.channel.id, ann.operator.id, 'Quiet');
    h.clock.advance(31 * 60_000);
    await h.login(ann.operator.login, ann.password);
    const capped = await onlineOperators(h.app.store, ann.channel.id, h.clock.now());
    assert.deepEqual(
      capped.map((o) => ({ id: o.id, load: o.load, capacity: o.capacity })),
      [{ id: ann.operator.id, load: 1, capacity: 1 }],
    );
    assert.equal(pickOperator(capped), undefined, 'Ann is at capacity: a newcomer waits in the queue');

    await h.app.database.db.updateTable('livechat_channel').set({ capacity: null }).where('id', '=', ann.channel.id).execute();
    const free = await onlineOperators(h.app.store, ann.channel.id, h.clock.now());
    assert.deepEqual(
      free.map((o) => ({ id: o.id, load: o.load })),
      [{ id: ann.operator.id, load: 0 }],
      'without a capacity the quiet chat is not active: balancing as before',
    );
    assert.equal(pickOperator(free)?.id, ann.operator.id);
  });

  it('counts nothing for unknown or repeated ids, and no other operator’s chats', async () => {
    const ann = await h.channelWithOperator({ online: false });
    await chat(h, ann.channel.id, ann.operator.id, 'One');
    const loads = await operatorLoads(
      h.app.store,
      [
        { id: ann.operator.id, capacity: 2 },
        { id: ann.operator.id, capacity: 2 },
        { id: 987_654_321, capacity: 2 },
      ],
      h.clock.now(),
    );
    assert.deepEqual([...loads.entries()].sort(), [[987_654_321, 0], [ann.operator.id, 1]].sort());
    assert.equal((await operatorLoads(h.app.store, [], h.clock.now())).size, 0);
  });
});
