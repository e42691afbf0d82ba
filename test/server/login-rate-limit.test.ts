/**
 * Operator log-in attempts per address and minute: 20 by default, RATE_LIMIT_LOGIN to change it (the e2e
 * run raises it because all its log-ins come from one address).
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/server/config.js';
import { describeEachEngine, type Harness } from './support/harness.js';

// A different account each time: this measures the per-address limit, not the per-account one.
async function attemptsUntilLimited(h: Harness, max: number): Promise<number> {
  for (let i = 1; i <= max; i += 1) {
    const { res } = await h.rpc('/web/session/authenticate', { db: 'livechat', login: `nobody-${i}`, password: 'wrong' });
    if (res.statusCode === 429) return i;
  }
  return Number.POSITIVE_INFINITY;
}

it('RATE_LIMIT_LOGIN defaults to 20 and must be a positive integer', () => {
  assert.equal(loadConfig({}).rateLimits.login, 20);
  assert.equal(loadConfig({ RATE_LIMIT_LOGIN: '500' }).rateLimits.login, 500);
  assert.throws(() => loadConfig({ RATE_LIMIT_LOGIN: '0' }), /RATE_LIMIT_LOGIN must be a positive integer/);
  assert.throws(() => loadConfig({ RATE_LIMIT_LOGIN: 'many' }), /RATE_LIMIT_LOGIN must be a positive integer/);
});

describeEachEngine('operator log-in rate limit, default', (h) => {
  it('the 21st attempt within a minute is refused with 429', async () => {
    assert.equal(await attemptsUntilLimited(h, 30), 21);
  });
});

describeEachEngine(
  'operator log-in rate limit, RATE_LIMIT_LOGIN=3',
  (h) => {
    it('the 4th attempt within a minute is refused', async () => {
      assert.equal(await attemptsUntilLimited(h, 10), 4);
    });
  },
  { RATE_LIMIT_LOGIN: '3' },
);

describeEachEngine(
  'operator log-in rate limit, RATE_LIMIT_LOGIN=50',
  (h) => {
    it('allows more than the default', async () => {
      assert.equal(await attemptsUntilLimited(h, 51), 51);
    });
  },
  { RATE_LIMIT_LOGIN: '50' },
);
