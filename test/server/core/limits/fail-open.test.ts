/**
 * Limits never turn a legitimate request into an error: while their counters cannot be written, requests
 * go through uncounted for 30 s (counted in /metrics), then get 503 until the counters answer again.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { callFrom } from '../../abuse/support.js';
import { UPDATE_CHANNEL_ROUTE } from '../../../../src/protocol/console/routes.js';
import { OFFLINE_MESSAGE_ROUTE } from '../../../../src/protocol/offline-message.js';

const TOKEN = 'metrics-test-token-0123456789';

// The counters' table moved away: every write of a counter in the database fails.
async function moveCounters(h: Harness, from: string, to: string): Promise<void> {
  const db = (h.app.store as unknown as { db: Kysely<unknown> }).db;
  await sql`ALTER TABLE ${sql.table(from)} RENAME TO ${sql.table(to)}`.execute(db);
}

async function failOpens(h: Harness): Promise<number> {
  const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const line = /^livechat_limit_fail_open_total (\d+)/m.exec(res.body);
  return Number(line?.[1] ?? NaN);
}

describeEachEngine(
  'limits while their counters cannot be written',
  (h) => {
    it('answer for 30 s without them, then 503 with Retry-After, and count again once they are back', async () => {
      const { channel } = await h.channelWithOperator({ online: false });
      const admin = await h.login('admin', ADMIN_PASSWORD);
      await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { offline_mode: 'message_form' } }, { cookie: admin });
      let n = 0;
      const offline = () =>
        callFrom(h, '203.0.113.9', OFFLINE_MESSAGE_ROUTE, { channel_id: channel.id, name: 'V', email: 'v@example.org', message: 'hello', post_key: `key-${String(n++).padStart(12, '0')}` });
      assert.equal((await offline()).res.statusCode, 200);
      assert.equal(await failOpens(h), 0);
      await moveCounters(h, 'rate_counter', 'rate_counter_away');
      try {
        const during = await offline();
        assert.equal(during.res.statusCode, 200, JSON.stringify(during.body));
        assert.equal(during.body.error, undefined);
        assert.ok((await failOpens(h)) >= 1, 'the fail-open is counted');
        h.clock.advance(29_000);
        assert.equal((await offline()).res.statusCode, 200, 'still within 30 s');
        h.clock.advance(1_000);
        const closed = await offline();
        assert.equal(closed.res.statusCode, 503);
        assert.ok(Number(closed.res.headers['retry-after']) > 0);
        assert.match(closed.body.error?.data.message ?? '', /unavailable/);
      } finally {
        await moveCounters(h, 'rate_counter_away', 'rate_counter');
      }
      assert.equal((await offline()).res.statusCode, 200, 'counted again');
    });
  },
  { METRICS_TOKEN: TOKEN },
);
