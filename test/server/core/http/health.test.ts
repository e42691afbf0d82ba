import { it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { healthPlugin } from '../../../../src/server/core/http/health.js';
import { loggerOptions } from '../../../../src/server/core/logging.js';
import { describeEachEngine } from '../../support/harness.js';

describeEachEngine('health probes', (h) => {
  it('/healthz answers 200 {"status":"ok"} while the process is up', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/healthz' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
  });

  it('/readyz answers 200 when the database answers (and, on PostgreSQL, the bus listens)', async () => {
    if (h.engine === 'postgres') assert.equal(h.app.busListener?.state, 'listening');
    const res = await h.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { status: 'ok' });
  });

  it('probes are never rate limited, even under a global limit', async () => {
    // The app's limits are per route; a global one shows that the probes opt out rather than happen to be spared.
    const limited = Fastify();
    await limited.register(rateLimit, { global: true, max: 2, timeWindow: 60_000 });
    await limited.register(fp(async (a) => void a.decorate('database', h.app.database), { name: 'database' }));
    await limited.register(fp(async (a) => void a.decorate('busListener', h.app.busListener), { name: 'bus-fanout' }));
    await limited.register(healthPlugin);
    limited.get('/other', async () => 'limited');
    try {
      for (let i = 0; i < 5; i++) {
        assert.equal((await limited.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
        assert.equal((await limited.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
      }
      const others: number[] = [];
      for (let i = 0; i < 3; i++) others.push((await limited.inject({ method: 'GET', url: '/other' })).statusCode);
      assert.deepEqual(others, [200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('/readyz answers 503 with a reason when the bus LISTEN connection is down (PostgreSQL only)', async () => {
    if (h.engine !== 'postgres') {
      assert.equal(h.app.busListener, undefined);
      return;
    }
    await h.app.busListener!.close();
    const res = await h.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(res.statusCode, 503);
    const body = res.json() as { status: string; reason: string };
    assert.equal(body.status, 'unavailable');
    assert.match(body.reason, /LISTEN/);
    assert.equal((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  });
});

describeEachEngine('health probes after the database handle closed', (h) => {
  it('/readyz answers 503 with a JSON reason, /healthz still 200', async () => {
    await h.app.store.close();
    const res = await h.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(res.statusCode, 503);
    assert.match(String(res.headers['content-type']), /application\/json/);
    const body = res.json() as { status: string; reason: string };
    assert.equal(body.status, 'unavailable');
    assert.match(body.reason, /^database: /);
    assert.equal((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
  });
});

describeEachEngine('the public readiness answer', (h) => {
  const lines: string[] = [];
  h.logger = loggerOptions('info', { write: (line: string) => void lines.push(line) });

  it('names the failing part but not the database error, which only the log has', async () => {
    await h.app.store.close();
    const res = await h.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), { status: 'unavailable', reason: 'database: unavailable' });
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; err?: { message: string } }).find((l) => l.msg === 'readiness: the database did not answer');
    assert.ok(logged?.err?.message, 'the detail is logged');
  });
});
