import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { NotifyBatcher, packChannels } from '../../src/server/bus/notify-batcher.js';
import { parseWakePayload } from '../../src/server/bus/pg-listener.js';

describe('NOTIFY coalescing', () => {
  test('channels of many commits in one turn go out as one NOTIFY, each channel once', async () => {
    const sent: string[] = [];
    const batcher = new NotifyBatcher({ send: async (p) => void sent.push(p), onError: (err) => assert.fail(String(err)) });
    batcher.add(['a', 'b']);
    batcher.add(['b', 'c']);
    batcher.add(['a']);
    await new Promise((r) => setImmediate(r));
    await batcher.close();
    assert.deepEqual(sent.map((p) => JSON.parse(p)), [['a', 'b', 'c']]);
  });

  test('commits made while a NOTIFY is in flight are sent together afterwards, never lost', async () => {
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const first = new Promise<void>((r) => (release = r));
    const batcher = new NotifyBatcher({
      send: async (p) => {
        sent.push(p);
        if (sent.length === 1) await first;
      },
      onError: (err) => assert.fail(String(err)),
    });
    batcher.add(['a']);
    await new Promise((r) => setImmediate(r));
    batcher.add(['b']);
    batcher.add(['c']);
    await new Promise((r) => setImmediate(r));
    assert.equal(sent.length, 1, 'one NOTIFY at a time');
    release();
    await batcher.close();
    assert.deepEqual(sent.map((p) => JSON.parse(p)), [['a'], ['b', 'c']]);
  });

  test('a failed NOTIFY is reported and later ones still go out', async () => {
    const errors: unknown[] = [];
    const sent: string[] = [];
    let fail = true;
    const batcher = new NotifyBatcher({
      send: async (p) => {
        if (fail) {
          fail = false;
          throw new Error('connection reset');
        }
        sent.push(p);
      },
      onError: (err) => errors.push(err),
    });
    batcher.add(['a']);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    batcher.add(['b']);
    await batcher.close();
    assert.equal(errors.length, 1);
    assert.deepEqual(sent, ['["b"]']);
  });

  test('payloads stay under the PostgreSQL limit; a name too long for any payload wakes everyone', () => {
    const names = Array.from({ length: 600 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const payloads = packChannels([...names, 'x'.repeat(9000)]);
    assert.ok(payloads.length > 1);
    for (const p of payloads) assert.ok(Buffer.byteLength(p) < 8000, `payload of ${Buffer.byteLength(p)} bytes`);
    assert.deepEqual(payloads.slice(0, -1).flatMap((p) => JSON.parse(p) as string[]), names);
    assert.equal(payloads.at(-1), '[]');
    assert.equal(parseWakePayload('[]'), 'all');
  });

  test('a listener reads channel lists, and anything it cannot read as "wake every poll"', () => {
    assert.deepEqual(parseWakePayload('["a","b"]'), ['a', 'b']);
    assert.equal(parseWakePayload('not json'), 'all');
    assert.equal(parseWakePayload('[1]'), 'all');
    assert.equal(parseWakePayload(undefined), 'all');
  });
});
