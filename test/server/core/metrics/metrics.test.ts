import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { describeEachEngine, type Harness } from '../../support/harness.js';
import { CHAT_POST_ROUTE, POLL_ROUTE } from '../../../../src/protocol/routes.js';

const TOKEN = 'scrape-secret-0123456789';

/** The value of one sample line (`name{labels} value`), or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(h: Harness): Promise<string> {
  const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(res.statusCode, 200);
  return res.body;
}

describeEachEngine('/metrics without configuration', (h) => {
  it('does not exist (404), token or not', async () => {
    assert.equal((await h.app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
    assert.equal((await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode, 404);
  });
});

describeEachEngine(
  '/metrics with METRICS_TOKEN',
  (h) => {
    it('answers 401 without a token, with a wrong one, or with another scheme', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer wrong', `Basic ${TOKEN}`, TOKEN]) {
        const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
        assert.equal(res.statusCode, 401, String(authorization));
        assert.equal(res.headers['www-authenticate'], 'Bearer');
        assert.doesNotMatch(res.body, /livechat_/);
      }
    });

    it('serves the Prometheus text format with the server and process metrics', async () => {
      const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      for (const name of [
        'livechat_bus_held_polls',
        'livechat_bus_notifications_written_total',
        'livechat_bus_notifications_delivered_total',
        'livechat_chat_post_duration_seconds',
        'livechat_jsonrpc_errors_total',
        'nodejs_eventloop_lag_seconds',
      ]) {
        assert.match(res.body, new RegExp(`^# TYPE ${name} `, 'm'), name);
      }
      if (h.engine === 'postgres') assert.ok((sample(res.body, 'livechat_db_pool_connections') ?? 0) >= 1);
    });

    it('counts a chat_post: notifications written and its latency', async () => {
      const { session } = await h.visitorSession();
      const before = await scrape(h);
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'counted' });
      const after = await scrape(h);
      const written = (text: string) => sample(text, 'livechat_bus_notifications_written_total') ?? 0;
      const posts = (text: string) => sample(text, 'livechat_chat_post_duration_seconds_count') ?? 0;
      assert.ok(written(after) > written(before), `written ${written(before)} -> ${written(after)}`);
      assert.equal(posts(after), posts(before) + 1);
    });

    it('counts JSON-RPC errors by code', async () => {
      const series = 'livechat_jsonrpc_errors_total{code="200"}';
      const before = sample(await scrape(h), series) ?? 0;
      const { body } = await h.rpc(CHAT_POST_ROUTE, { uuid: 'nope', message_content: '' });
      assert.equal(body.error?.code, 200);
      assert.equal(sample(await scrape(h), series), before + 1);
    });

    it('shows a held poll while it waits and counts what its answer delivers', async () => {
      const { session } = await h.visitorSession();
      const [seed] = await h.app.bus.publish([session.uuid], { kind: 'seed' });
      const deliveredBefore = sample(await scrape(h), 'livechat_bus_notifications_delivered_total') ?? 0;
      const held = h.call<unknown[]>(POLL_ROUTE, { channels: [session.uuid], last: seed!.id });
      for (let i = 0; i < 200 && h.app.busWakeups.size === 0; i++) await new Promise((r) => setTimeout(r, 10));
      assert.equal(sample(await scrape(h), 'livechat_bus_held_polls'), 1);
      await h.app.bus.publish([session.uuid], { kind: 'wake' });
      const rows = await held;
      assert.equal(rows.length, 1);
      const after = await scrape(h);
      assert.equal(sample(after, 'livechat_bus_held_polls'), 0);
      assert.equal(sample(after, 'livechat_bus_notifications_delivered_total'), deliveredBefore + 1);
    });
  },
  { METRICS_TOKEN: TOKEN },
);

describeEachEngine(
  '/metrics with METRICS_PORT',
  (h) => {
    it('is served on its own loopback port, not on the main one', async () => {
      assert.equal((await h.app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
      const server = h.app.metricsServer;
      assert.ok(server, 'the metrics server listens once the app is ready');
      const address = server.server.address() as AddressInfo;
      assert.equal(address.address, '127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /^# TYPE livechat_bus_held_polls gauge$/m);
    });
  },
  { METRICS_PORT: '0' },
);

describeEachEngine(
  '/metrics token guesses',
  (h) => {
    const scrapeFrom = (remoteAddress: string, authorization: string) => h.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers: { authorization } });

    it('an address gets 10 attempts a minute, then 429 even with the right token; the scraper elsewhere is served', async () => {
      const guesses: number[] = [];
      for (let i = 0; i < 12; i += 1) guesses.push((await scrapeFrom('203.0.113.66', `Bearer guess-${i}`)).statusCode);
      assert.deepEqual(guesses, [...Array(10).fill(401), 429, 429]);
      const locked = await scrapeFrom('203.0.113.66', `Bearer ${TOKEN}`);
      assert.equal(locked.statusCode, 429, 'a right guess after the allowance tells nothing');
      assert.ok(Number(locked.headers['retry-after']) > 0);
      assert.equal((await scrapeFrom('198.51.100.3', `Bearer ${TOKEN}`)).statusCode, 200);
      h.clock.advance(60_000);
      assert.equal((await scrapeFrom('203.0.113.66', `Bearer ${TOKEN}`)).statusCode, 200);
    });

    it('a scraper every few seconds is never refused', async () => {
      for (let i = 0; i < 30; i += 1) assert.equal((await scrapeFrom('198.51.100.4', `Bearer ${TOKEN}`)).statusCode, 200);
    });
  },
  { METRICS_TOKEN: TOKEN },
);
