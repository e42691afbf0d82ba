import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { packChannels } from '../../../../src/server/core/bus/notify-payload.js';
import { parseWakePayload } from '../../../../src/server/core/bus/pg-listener.js';

describe('NOTIFY payloads', () => {
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
