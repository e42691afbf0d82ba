/**
 * Retention: ended conversations older than their channel's "Keep conversations for" (or the server's
 * RETENTION_DAYS) are deleted with everything they stored, in batches, while the console's statistics
 * count exactly what they counted before.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ChannelSettings } from '../../../../src/protocol/operator-console.js';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { VISITOR_UPLOAD_ROUTE } from '../../../../src/protocol/visitor-upload.js';
import { ConfigError, loadConfig } from '../../../../src/server/core/config/config.js';
import { ADMIN_PASSWORD, describeEachEngine, rootDir, type Harness } from '../../support/harness.js';
import { multipart, tinyPng } from '../../support/multipart.js';
import { UPDATE_CHANNEL_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CHAT_POST_ROUTE, FEEDBACK_ROUTE, GET_SESSION_ROUTE, HISTORY_ROUTE } from '../../../../src/protocol/routes.js';

const DAY = 86_400_000;
const TOKEN = 'scrape-secret-0123456789';
const UPDATE = UPDATE_CHANNEL_ROUTE;

async function statistics(h: Harness, cookie: string) {
  const group = async (model: string, groupby: string) => {
    const { body } = await h.rpc(`/web/dataset/call_kw/${model}/read_group`, { model, method: 'read_group', args: [[['create_date', '>=', '2024-01-01 00:00:00']], [], [groupby]], kwargs: {} }, { cookie });
    assert.equal(body.error, undefined, JSON.stringify(body.error));
    return (body.result as Record<string, unknown>[]).map((g) => [g[groupby], g[`${groupby.split(':')[0]}_count`]]);
  };
  return { perDay: await group('mail.channel', 'create_date:day'), ratings: (await group('rating.rating', 'rating')).sort() };
}

function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

async function scrape(h: Harness): Promise<string> {
  return (await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
}

/** A conversation of `channelId` started now, with a visitor's file, a rating and a page history, then ended. */
async function endedConversation(h: Harness, channelId: number, rate: 5 | 3 | 1) {
  for (const id of await h.app.store.channelOperatorIds(channelId)) await h.app.store.touchOperator(id, h.clock.now());
  const session = await h.call<{ id: number; uuid: string; operator_pid: [number, string] }>(GET_SESSION_ROUTE, { channel_id: channelId, anonymous_name: 'V', previous_operator_id: null });
  await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'private words' });
  await h.call(HISTORY_ROUTE, { pid: session.operator_pid[0], channel_uuid: session.uuid, page_history: ['/pricing'] });
  const { body, contentType } = multipart([{ name: 'uuid', value: session.uuid }, { name: 'file', value: tinyPng(), filename: 'shot.png' }]);
  const uploaded = await h.app.inject({ method: 'POST', url: VISITOR_UPLOAD_ROUTE, headers: { 'content-type': contentType }, payload: body });
  assert.equal(uploaded.statusCode, 200, uploaded.body);
  await h.call(FEEDBACK_ROUTE, { uuid: session.uuid, rate, reason: 'my secret reason' });
  await h.app.store.closeVisitorSession(session.id, h.clock.now());
  const publicId = new URL((uploaded.json() as { attachments: { url: string }[] }).attachments[0]!.url).pathname.split('/').pop()!;
  return { ...session, publicId };
}

describeEachEngine(
  'retention',
  (h) => {
    it('an admin sets "Keep conversations for" within 1 to 36,500 days or null; anything else is refused and changes nothing', async () => {
      const admin = await h.login('admin', ADMIN_PASSWORD);
      const { channel } = await h.channelWithOperator();
      const set = await h.call<ChannelSettings>(UPDATE, { channel_id: channel.id, values: { retention_days: 30 } }, { cookie: admin });
      assert.equal(set.retention_days, 30);
      for (const bad of [0, -1, 36_501, 1.5, '30', true, [30], { days: 30 }, 1e308]) {
        const { body } = await h.rpc(UPDATE, { channel_id: channel.id, values: { retention_days: bad } }, { cookie: admin });
        assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(bad));
      }
      assert.equal((await h.app.store.getChannel(channel.id))?.retention_days, 30);
      assert.equal((await h.call<ChannelSettings>(UPDATE, { channel_id: channel.id, values: { retention_days: null } }, { cookie: admin })).retention_days, null);
      const { cookie } = await h.channelWithOperator();
      assert.equal((await h.rpc(UPDATE, { channel_id: channel.id, values: { retention_days: 1 } }, { cookie })).body.error?.data.exception_type, 'access_error');
    });

    it('deletes ended conversations past the channel’s retention with their messages, files, ratings and bus rows; statistics are unchanged', async () => {
      const admin = await h.login('admin', ADMIN_PASSWORD);
      const kept = await h.channelWithOperator();
      const purged = await h.channelWithOperator();
      await h.call(UPDATE, { channel_id: purged.channel.id, values: { retention_days: 30 } }, { cookie: admin });
      const a = await endedConversation(h, purged.channel.id, 5);
      h.clock.advance(DAY);
      const b = await endedConversation(h, purged.channel.id, 1);
      const forever = await endedConversation(h, kept.channel.id, 3);
      const open = await h.call<{ id: number }>(GET_SESSION_ROUTE, { channel_id: purged.channel.id, anonymous_name: 'Still here', previous_operator_id: null });
      const before = { admin: await statistics(h, admin), operator: await statistics(h, purged.cookie) };
      const metricsBefore = await scrape(h);

      h.clock.advance(30 * DAY - 1);
      assert.deepEqual(await h.app.retention.runOnce(), { conversations: 1, attachments: 1, bytes: tinyPng().length }, 'only the first ended 30 days ago');
      h.clock.advance(DAY);
      assert.deepEqual(await h.app.retention.runOnce(), { conversations: 1, attachments: 1, bytes: tinyPng().length });

      for (const gone of [a, b]) {
        assert.equal(await h.app.store.getVisitorSession(gone.id), undefined);
        assert.equal(await h.app.store.getRating(gone.id), undefined);
        assert.deepEqual(await h.app.store.listMessages(gone.id, 100), []);
        assert.equal(await h.app.store.getAttachmentByPublicId(gone.publicId), undefined);
        assert.deepEqual(await h.app.busStore.listNotifications({ channels: [BusChannel.visitor(gone.uuid), BusChannel.session(gone.id)] }), []);
      }
      assert.ok(await h.app.store.getVisitorSession(forever.id), 'a channel without retention keeps everything');
      assert.ok(await h.app.store.getAttachmentByPublicId(forever.publicId));
      assert.ok(await h.app.store.getVisitorSession(open.id), 'an open conversation is never deleted');

      // Log-ins last less than a month: the same people come back.
      const adminAgain = await h.login('admin', ADMIN_PASSWORD);
      const operatorAgain = await h.login(purged.operator.login, purged.password);
      assert.deepEqual({ admin: await statistics(h, adminAgain), operator: await statistics(h, operatorAgain) }, before);
      const metricsAfter = await scrape(h);
      assert.equal(sample(metricsAfter, 'livechat_retention_conversations_deleted_total') - sample(metricsBefore, 'livechat_retention_conversations_deleted_total'), 2);
      assert.equal(sample(metricsAfter, 'livechat_retention_bytes_deleted_total') - sample(metricsBefore, 'livechat_retention_bytes_deleted_total'), 2 * tinyPng().length);
      assert.deepEqual(await h.app.retention.runOnce(), { conversations: 0, attachments: 0, bytes: 0 }, 'nothing is counted twice');
      assert.deepEqual(await statistics(h, adminAgain), before.admin);
    });

    it('deletes in batches of 100 until none is left, counting each conversation once', async () => {
      const admin = await h.login('admin', ADMIN_PASSWORD);
      const { channel, operator } = await h.channelWithOperator();
      for (let i = 0; i < 230; i += 1) {
        const s = await h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channel.id, operator_id: operator.id, anonymous_name: 'V', name: 'V' }, h.clock.now());
        await h.app.store.closeVisitorSession(s.id, h.clock.now());
      }
      h.clock.advance(2 * DAY);
      const live = await h.visitorSession();
      const before = await statistics(h, admin);
      await h.call(UPDATE, { channel_id: channel.id, values: { retention_days: 1 } }, { cookie: admin });
      const purging = Promise.all([h.app.retention.runOnce(), h.app.retention.runOnce()]);
      assert.ok(await h.call(CHAT_POST_ROUTE, { uuid: live.session.uuid, message_content: 'chats go on while the job runs' }));
      const [first, second] = await purging;
      assert.equal(first.conversations + second.conversations, 230);
      assert.deepEqual(await statistics(h, admin), before);
    });
  },
  { METRICS_TOKEN: TOKEN, RATE_LIMIT_GET_SESSION: '1000', RATE_LIMIT_FEEDBACK: '1000', RATE_LIMIT_PAGE_HISTORY: '1000', RATE_LIMIT_UPLOAD: '1000' },
);

describeEachEngine(
  'retention under a server ceiling',
  (h) => {
    it('RETENTION_DAYS caps every channel: those without a setting and those keeping longer', async () => {
      const admin = await h.login('admin', ADMIN_PASSWORD);
      const unset = await h.channelWithOperator();
      const longer = await h.channelWithOperator();
      await h.call(UPDATE, { channel_id: longer.channel.id, values: { retention_days: 365 } }, { cookie: admin });
      const x = await endedConversation(h, unset.channel.id, 5);
      const y = await endedConversation(h, longer.channel.id, 3);
      const before = await statistics(h, admin);
      h.clock.advance(10 * DAY - 1);
      assert.equal((await h.app.retention.runOnce()).conversations, 0);
      h.clock.advance(2);
      assert.equal((await h.app.retention.runOnce()).conversations, 2);
      assert.equal(await h.app.store.getVisitorSession(x.id), undefined);
      assert.equal(await h.app.store.getVisitorSession(y.id), undefined);
      assert.deepEqual(await statistics(h, await h.login('admin', ADMIN_PASSWORD)), before);
    });
  },
  { RETENTION_DAYS: '10' },
);

it('RETENTION_DAYS is unset by default (no ceiling) and must be a positive number of days', () => {
  assert.equal(loadConfig({}, rootDir).retentionDays, undefined);
  assert.equal(loadConfig({ RETENTION_DAYS: '90' }, rootDir).retentionDays, 90);
  for (const bad of ['0', '-3', '1.5', 'forever']) assert.throws(() => loadConfig({ RETENTION_DAYS: bad }, rootDir), ConfigError, bad);
});
