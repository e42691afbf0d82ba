/**
 * Operator log-in attempts per address and minute: 20 by default, RATE_LIMIT_LOGIN to change it (the e2e
 * run raises it because all its log-ins come from one address); and guesses on one account, which slow
 * down the addresses that make them but never lock the account's owner out.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../../src/server/core/config/config.js';
import { loginWaitMs } from '../../../../src/server/core/limits/login-guard.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';
import { callFrom } from '../../abuse/support.js';
import { SESSION_AUTHENTICATE_ROUTE } from '../../../../src/protocol/routes.js';

// A different account each time: this measures the per-address limit, not the per-account one.
async function attemptsUntilLimited(h: Harness, max: number): Promise<number> {
  for (let i = 1; i <= max; i += 1) {
    const { res } = await h.rpc(SESSION_AUTHENTICATE_ROUTE, { db: 'livechat', login: `nobody-${i}`, password: 'wrong' });
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

/** A fresh operator account (suites share one server), and log-in attempts on it from chosen addresses. */
async function account(h: Harness) {
  const { operator, password } = await h.channelWithOperator({ online: false });
  return { login: operator.login, password, attempt: (address: string, tried: string) => callFrom(h, address, SESSION_AUTHENTICATE_ROUTE, { db: 'livechat', login: operator.login, password: tried }) };
}
const FAILING = Array.from({ length: 10 }, (_, i) => `192.0.2.${i + 1}`);

it('a failing address waits 1 s after its first failure, doubling up to 30 s', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 50].map(loginWaitMs), [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
});

describeEachEngine('guesses on one account slow down the guessing addresses, never its owner', (h) => {
  it('ten wrong passwords from ten addresses: the right one from an eleventh address works at once', async () => {
    const { password, attempt } = await account(h);
    for (const address of FAILING) assert.equal((await attempt(address, 'wrong')).body.error?.data.name, 'livechat.AccessDenied', address);
    const owner = await attempt('198.51.100.7', password);
    assert.equal(owner.body.error, undefined);
    assert.equal(owner.res.statusCode, 200);
  });

  it('the failing addresses are refused with Retry-After until their wait has passed, and the wait grows', async () => {
    const { password, attempt } = await account(h);
    for (const address of FAILING) await attempt(address, 'wrong');
    for (const address of FAILING) {
      // Even the right password: the address has to wait first.
      const { res, body } = await attempt(address, password);
      assert.equal(res.statusCode, 429, address);
      assert.equal(res.headers['retry-after'], '1');
      assert.equal(body.error?.data.name, 'livechat.TooManyRequests');
    }
    h.clock.advance(1_001);
    assert.equal((await attempt(FAILING[0]!, 'wrong')).body.error?.data.name, 'livechat.AccessDenied', 'tried again once the wait is over');
    const second = await attempt(FAILING[0]!, 'wrong');
    assert.deepEqual([second.res.statusCode, second.res.headers['retry-after']], [429, '2'], 'a second failure doubles the wait');
    h.clock.advance(2_001);
    assert.equal((await attempt(FAILING[0]!, password)).body.error, undefined, 'the owner on a failing address gets in after the wait');
    assert.equal((await attempt(FAILING[0]!, 'wrong')).body.error?.data.name, 'livechat.AccessDenied', 'a success clears that address’s own waits');
  });

  it('the first five failures on an account cost no wait; failures are forgotten after 15 minutes', async () => {
    const { attempt } = await account(h);
    for (const address of FAILING.slice(0, 4)) await attempt(address, 'wrong');
    assert.equal((await attempt(FAILING[0]!, 'wrong')).body.error?.data.name, 'livechat.AccessDenied', 'the fifth failure is answered');
    assert.equal((await attempt(FAILING[0]!, 'wrong')).res.statusCode, 429, 'from the fifth on, failed addresses wait');
    h.clock.advance(15 * 60_000 + 1);
    assert.equal((await attempt(FAILING[0]!, 'wrong')).body.error?.data.name, 'livechat.AccessDenied');
  });

  it('on PostgreSQL every process applies the same waits: another one refuses the failing address and lets the owner in', async (t) => {
    if (h.engine !== 'postgres') return t.skip('SQLite is served by one process');
    const { login, password, attempt } = await account(h);
    for (const address of FAILING.slice(0, 5)) await attempt(address, 'wrong');
    const { buildApp } = await import('../../../../src/server/app.js');
    const other = await buildApp({ config: h.app.config, clock: h.clock });
    await other.ready();
    try {
      const from = (address: string, tried: string) =>
        other.inject({ method: 'POST', url: SESSION_AUTHENTICATE_ROUTE, remoteAddress: address, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 1, params: { db: 'livechat', login, password: tried } }) });
      assert.equal((await from(FAILING[4]!, password)).statusCode, 429, 'the failing address waits in the other process too');
      const owner = await from('198.51.100.9', password);
      assert.equal(owner.statusCode, 200);
      assert.equal((owner.json() as { error?: unknown }).error, undefined);
    } finally {
      await other.close();
    }
  });
});
