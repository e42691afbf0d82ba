import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { holdFor } from '../../../../src/server/core/bus/poll-route.js';

// Polls that start together must not all time out together (a herd of empty answers and new polls).
describe('long-poll hold spread', () => {
  it('holds between 90 % and 100 % of the hold time by default, never longer', () => {
    assert.equal(holdFor(50_000, 0.1, () => 0), 50_000);
    assert.equal(holdFor(50_000, 0.1, () => 0.999_999), 45_000);
    assert.equal(holdFor(50_000, 0.1, () => 0.5), 47_500);
  });

  it('spreads a thousand polls that start at once over the last tenth of the hold', () => {
    const holds = Array.from({ length: 1000 }, () => holdFor(50_000, 0.1));
    assert.ok(Math.max(...holds) <= 50_000 && Math.min(...holds) >= 45_000);
    const perSecond = new Set(holds.map((h) => Math.floor(h / 1000)));
    for (const second of [45, 46, 47, 48, 49]) assert.ok(perSecond.has(second), `some expire in second ${second}`);
  });

  it('keeps an exact hold with no spread, and bounds a spread out of range', () => {
    assert.equal(holdFor(400, 0, () => 0.7), 400);
    assert.equal(holdFor(400, 5, () => 0.5), 200);
    assert.equal(holdFor(400, -1, () => 0.5), 400);
  });
});
