import { it } from 'node:test';
import assert from 'node:assert/strict';
import { AVAILABILITY_CACHE_MS, AvailabilityCache } from '../../../../src/server/domain/channels/availability.js';
import type { Store } from '../../../../src/server/domain/store/store.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';
import { SET_PRESENCE_ROUTE } from '../../../../src/protocol/console/routes.js';
import { INIT_ROUTE } from '../../../../src/protocol/routes.js';

type Init = { available_for_me: boolean };

/** Counts the store reads init makes, by wrapping the app's store methods for one test. */
function countReads(h: Harness) {
  const store = h.app.store;
  const counts = { channel: 0, operators: 0 };
  const getChannel = store.getChannel.bind(store);
  const availableOperators = store.availableOperators.bind(store);
  store.getChannel = (...args) => {
    counts.channel += 1;
    return getChannel(...args);
  };
  store.availableOperators = (...args) => {
    counts.operators += 1;
    return availableOperators(...args);
  };
  return {
    counts,
    restore() {
      store.getChannel = getChannel;
      store.availableOperators = availableOperators;
    },
  };
}

describeEachEngine('init answered from the availability cache', (h) => {
  it('asks the database once per channel and window, however many visitors call init', async () => {
    const { channel } = await h.channelWithOperator();
    const reads = countReads(h);
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => h.call<Init>(INIT_ROUTE, { channel_id: channel.id })));
      assert.ok(answers.every((a) => a.available_for_me));
      assert.deepEqual(reads.counts, { channel: 1, operators: 1 });
      h.clock.advance(AVAILABILITY_CACHE_MS);
      await h.call<Init>(INIT_ROUTE, { channel_id: channel.id });
      assert.deepEqual(reads.counts, { channel: 2, operators: 2 }, 'a stale answer is read again');
    } finally {
      reads.restore();
    }
  });

  it('an operator another process brings back shows to visitors once the window has passed, not later', async () => {
    const { channel, operator } = await h.channelWithOperator();
    // Another server process records the presence change: this process learns of it from the database only.
    await h.app.store.setOperatorAway(operator.id, true);
    h.clock.advance(AVAILABILITY_CACHE_MS);
    assert.equal((await h.call<Init>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, false);
    await h.app.store.setOperatorAway(operator.id, false);
    h.clock.advance(AVAILABILITY_CACHE_MS - 1);
    assert.equal((await h.call<Init>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, false, 'still the remembered answer');
    h.clock.advance(1);
    assert.equal((await h.call<Init>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, true, 'at most 5 s stale');
  });

  it('a log-in through this process shows the operator at once, and an admin change to the channel too', async () => {
    const { channel, operator, password } = await h.channelWithOperator({ online: false });
    assert.equal((await h.call<Init>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, false);
    const cookie = await h.login(operator.login, password);
    assert.equal((await h.call<Init>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, true);
    await h.call(SET_PRESENCE_ROUTE, { presence: 'away' }, { cookie });
    assert.equal((await h.call<Init>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, false, 'away at once');
  });
});

it('the cache keeps a bounded number of channels, dropping the oldest', async () => {
  const lookups: number[] = [];
  const store = {
    getChannel: async (id: number) => {
      lookups.push(id);
      return undefined;
    },
  } as unknown as Store;
  const cache = new AvailabilityCache(store, () => 0, 5_000, 2);
  for (const id of [1, 2, 3, 3, 2, 1]) await cache.get(id);
  assert.deepEqual(lookups, [1, 2, 3, 1], 'channel 1 was dropped when 3 came; 2 and 3 stayed');
});

it('a failed lookup is not remembered', async () => {
  let calls = 0;
  const store = {
    getChannel: async () => {
      calls += 1;
      if (calls === 1) throw new Error('database restarting');
      return undefined;
    },
  } as unknown as Store;
  const cache = new AvailabilityCache(store, () => 0);
  await assert.rejects(cache.get(1));
  assert.deepEqual(await cache.get(1), { channel: undefined, online: false });
});
