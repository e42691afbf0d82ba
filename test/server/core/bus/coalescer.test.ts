import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Coalescer, localGate } from '../../../../src/server/core/bus/coalescer.js';
import { waitUntil } from '../../support/wait-until.js';

/** A publish that fails would be a bug in these tests. */
const unexpected = (err: unknown) => assert.fail(String(err));

describe('localGate', () => {
  it('opens once per window and key, and says how long until it opens again', async () => {
    let now = 1_000;
    const gate = localGate(500, () => now);
    assert.deepEqual(await gate('a'), { allowed: true });
    assert.deepEqual(await gate('b'), { allowed: true }, 'keys are independent');
    now += 200;
    assert.deepEqual(await gate('a'), { allowed: false, retryInMs: 300 });
    now += 300;
    assert.deepEqual(await gate('a'), { allowed: true });
    assert.deepEqual(await gate('__proto__'), { allowed: true }, 'a key is only a key');
    assert.deepEqual(await gate('__proto__'), { allowed: false, retryInMs: 500 });
  });
});

describe('Coalescer', () => {
  it('publishes the first offer at once and the newest of the rest when the window ends', async () => {
    const published: [string, number][] = [];
    const coalescer = new Coalescer<number>(localGate(40), async (key, value) => void published.push([key, value]), unexpected);
    for (const value of [1, 2, 3, 4]) await coalescer.offer('k', value);
    assert.deepEqual(published, [['k', 1]]);
    assert.equal(coalescer.waiting, 1);
    await waitUntil(() => published.length >= 2, 'the newest offer is published');
    assert.deepEqual(published, [['k', 1], ['k', 4]]);
    assert.equal(coalescer.waiting, 0);
    coalescer.close();
  });

  it('drops what waits when closed, and takes nothing more', async () => {
    const published: number[] = [];
    const coalescer = new Coalescer<number>(localGate(30), async (_key, value) => void published.push(value), unexpected);
    await coalescer.offer('k', 1);
    await coalescer.offer('k', 2);
    coalescer.close();
    await coalescer.offer('k', 3);
    await sleep(90);
    assert.deepEqual(published, [1]);
    assert.equal(coalescer.waiting, 0);
  });
});
