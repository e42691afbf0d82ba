/**
 * The outbox (core/outbox): a failed side effect is tried again with exponential backoff on the app's
 * clock, then given up; rows of one key run in order; a sweep takes back a claim whose process stopped;
 * attempts, failures and the queue are in /metrics.
 */
import { it, test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffMs } from '../../../../src/server/core/outbox/outbox.js';
import { KyselyOutboxStore } from '../../../../src/server/core/outbox/outbox-store.js';
import { OUTBOX_LEASE_MS } from '../../../../src/server/core/outbox/outbox-plugin.js';
import { describeEachEngine } from '../../support/harness.js';

let topics = 0;
/** A topic of its own for each test: the suite's database is shared. */
const freshTopic = (): string => `test-topic-${++topics}-${Date.now()}`;

test('the wait grows by the factor after each failure, up to the ceiling', () => {
  const policy = { attempts: 6, baseMs: 1000, factor: 2, maxMs: 5000 };
  assert.deepEqual([1, 2, 3, 4].map((n) => backoffMs(policy, n)), [1000, 2000, 4000, 5000]);
});

describeEachEngine('the outbox', (h) => {
  it('a failing side effect is tried again after 1 s, then 2 s, then goes through', async () => {
    const topic = freshTopic();
    const attempts: number[] = [];
    h.app.outbox.handle(
      topic,
      async (_payload, item) => {
        attempts.push(item.attempt);
        if (item.attempt < 3) throw new Error('not yet');
      },
      { attempts: 4, baseMs: 1000, factor: 2, maxMs: 60_000 },
    );
    await h.app.outbox.enqueue(topic, 'k', { n: 1 });
    assert.deepEqual(attempts, [1], 'tried at once');
    h.clock.advance(999);
    await h.app.outbox.sweep();
    assert.deepEqual(attempts, [1], 'not before its backoff');
    h.clock.advance(1);
    await h.app.outbox.sweep();
    assert.deepEqual(attempts, [1, 2]);
    h.clock.advance(1999);
    await h.app.outbox.sweep();
    assert.deepEqual(attempts, [1, 2], 'the second wait is twice the first');
    h.clock.advance(1);
    await h.app.outbox.sweep();
    h.clock.advance(60_000);
    await h.app.outbox.sweep();
    assert.deepEqual(attempts, [1, 2, 3], 'done once it went through');
  });

  it('is given up after its last attempt, kept and counted in /metrics', async () => {
    const topic = freshTopic();
    let calls = 0;
    h.app.outbox.handle(topic, () => {
      calls += 1;
      return Promise.reject(new Error('never'));
    }, { attempts: 2, baseMs: 10, factor: 2, maxMs: 10 });
    await h.app.outbox.enqueue(topic, 'k', null);
    for (let i = 0; i < 3; i++) {
      h.clock.advance(10);
      await h.app.outbox.sweep();
    }
    assert.equal(calls, 2);
    const text = await h.app.metrics.registry.metrics();
    assert.match(text, new RegExp(`^livechat_outbox_attempts_total\\{topic="${topic}"\\} 2$`, 'm'));
    assert.match(text, new RegExp(`^livechat_outbox_failures_total\\{topic="${topic}"\\} 2$`, 'm'));
    assert.match(text, new RegExp(`^livechat_outbox_given_up_total\\{topic="${topic}"\\} 1$`, 'm'));
    assert.match(text, new RegExp(`^livechat_outbox_items\\{topic="${topic}",state="dead"\\} 1$`, 'm'));
  });

  it('rows of one key run in the order they were added, even across a retry; other keys do not wait', async () => {
    const topic = freshTopic();
    const done: string[] = [];
    let failFirst = true;
    h.app.outbox.handle(topic, async (payload) => {
      const name = String(payload);
      if (name === 'a1' && failFirst) {
        failFirst = false;
        throw new Error('once');
      }
      done.push(name);
    }, { attempts: 3, baseMs: 1000, factor: 2, maxMs: 1000 });
    await h.app.outbox.enqueue(topic, 'a', 'a1');
    await h.app.outbox.enqueue(topic, 'a', 'a2');
    await h.app.outbox.enqueue(topic, 'b', 'b1');
    await h.app.outbox.sweep();
    assert.deepEqual(done, ['b1'], 'a2 waits for a1');
    h.clock.advance(1000);
    await h.app.outbox.sweep();
    assert.deepEqual(done, ['b1', 'a1', 'a2']);
  });

  it('a sweep takes back a claim whose process stopped, once its lease ran out', async () => {
    const topic = freshTopic();
    const seen: unknown[] = [];
    h.app.outbox.handle(topic, async (payload) => void seen.push(payload), { attempts: 3 });
    // Another process added the row and claimed it, then stopped before finishing.
    const stopped = new KyselyOutboxStore(h.app.database.db);
    const id = await stopped.add({ topic, key: 'stuck', payload: 'hello' }, h.clock.now());
    assert.ok(await stopped.claim(id, h.clock.now(), OUTBOX_LEASE_MS));
    await h.app.outbox.sweep();
    assert.deepEqual(seen, [], 'a live claim is left alone');
    h.clock.advance(OUTBOX_LEASE_MS + 1);
    await h.app.outbox.sweep();
    assert.deepEqual(seen, ['hello']);
    assert.equal(await stopped.claim(id, h.clock.now(), OUTBOX_LEASE_MS), undefined, 'the row is gone once done');
  });
});
