/** SQLite's in-memory counters: a flood of short windows cannot push out a long one. */
import { it, describe } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryCounterStore } from '../../../../src/server/core/limits/counter-store.js';
import { describeEachEngine } from '../../support/harness.js';

describe('memory counters when full', () => {
  it('drop ended windows first, then the windows that end soonest, never a long one for short ones', async () => {
    const store = new MemoryCounterStore(100);
    const now = 1_000_000;
    await store.hit('lockout', 15 * 60_000, now);
    await store.hit('lockout', 15 * 60_000, now);
    for (let i = 0; i < 1_000; i += 1) await store.hit(`flood:${i}`, 60_000, now + i);
    assert.ok(store.size <= 100);
    assert.equal((await store.hit('lockout', 15 * 60_000, now + 2_000)).count, 3, 'the lock-out is still counting');
    await store.hit('ended', 1, now);
    await store.hit('late', 120_000, now + 3_000);
    assert.equal((await store.hit('late', 120_000, now + 3_000)).count, 2);
  });
});

describeEachEngine('long windows on SQLite', (h) => {
  it('a daily cap is counted in the database, where a flood of short keys cannot reach it', async () => {
    const before = await h.app.limits.stored.hit('test:probe', 60_000, h.clock.now());
    await h.app.limits.allows('test:daily', 10, 24 * 60 * 60_000);
    await h.app.limits.allows('test:daily', 10, 24 * 60 * 60_000);
    // The store's own counters are the database's: the daily key is there with both hits.
    const state = await h.app.limits.stored.hit('test:daily', 24 * 60 * 60_000, h.clock.now());
    assert.equal(state.count, 3);
    assert.equal(before.count, 1);
  });
});
