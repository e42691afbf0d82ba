/**
 * Issue 27, the reports' breakdowns: scripted histories on an injected clock, through the real routes,
 * check the figures per operator, per channel and per tag, the busiest hours across a daylight-saving
 * change in Paris, the live figures, who sees what, and hostile input to every route.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CHAT_POST_ROUTE, FEEDBACK_ROUTE } from '../../../../src/protocol/routes.js';
import { CLOSE_SESSION_ROUTE } from '../../../../src/protocol/console/routes.js';
import { ADD_CONVERSATION_TAG_ROUTE } from '../../../../src/protocol/console/tags.js';
import { REPORT_CHANNELS_MAX, REPORTS_OVERVIEW_ROUTE, type ReportsOverview } from '../../../../src/protocol/console/reports.js';
import {
  REPORTS_BUSIEST_HOURS_ROUTE,
  REPORTS_BY_CHANNEL_ROUTE,
  REPORTS_BY_OPERATOR_ROUTE,
  REPORTS_BY_TAG_ROUTE,
  REPORTS_LIVE_ROUTE,
  type ReportsBusiestHours,
  type ReportsByChannel,
  type ReportsByOperator,
  type ReportsByTag,
  type ReportsLive,
} from '../../../../src/protocol/console/reports-breakdown.js';
import type { BusinessHours } from '../../../../src/protocol/business-hours.js';
import { KyselyBusinessHoursStore } from '../../../../src/server/features/business-hours/business-hours-store.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

function near(actual: number | null, expected: number, what: string): void {
  assert.ok(actual !== null && Math.abs(actual - expected) <= expected * 0.05, `${what}: ${actual} is not within 5 % of ${expected}`);
}

/** A second operator of the channel, logged in. */
async function colleague(h: Harness, channelId: number, tag: string) {
  const operator = await h.app.store.createOperator({ login: `${tag}-${randomUUID().slice(0, 8)}`, display_name: `Colleague ${tag}`, email: null, password: 'pw-colleague' });
  await h.app.store.addChannelOperator(channelId, operator.id);
  return { operator, cookie: await h.login(operator.login, 'pw-colleague') };
}

/** A conversation held by `operatorId`, answered after `firstResponse`, closed after `resolution`, rated `rate`. */
async function conversation(h: Harness, channelId: number, op: { id: number; cookie: string }, timing: { firstResponse: number; resolution: number; rate?: number; tag?: string }) {
  const session = await h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channelId, operator_id: op.id, anonymous_name: 'V', name: 'V' }, h.clock.now());
  await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Hello' });
  h.clock.advance(timing.firstResponse);
  await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'Hi' }, { cookie: op.cookie });
  if (timing.tag) await h.call(ADD_CONVERSATION_TAG_ROUTE, { session_id: session.id, name: timing.tag }, { cookie: op.cookie });
  h.clock.advance(timing.resolution - timing.firstResponse);
  await h.call(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie: op.cookie });
  if (timing.rate !== undefined) await h.call(FEEDBACK_ROUTE, { uuid: session.uuid, rate: timing.rate });
  return session;
}

describeEachEngine('reports breakdowns', (h) => {
  it('gives each operator its conversations, response and resolution times, satisfaction and daily load', async () => {
    h.clock.current = Date.UTC(2024, 8, 2, 9, 0, 0);
    const { channel, operator, cookie } = await h.channelWithOperator({ name: 'Ada' });
    const b = await colleague(h, channel.id, 'bea');
    const a = { id: operator.id, cookie };
    await conversation(h, channel.id, a, { firstResponse: 30 * SECOND, resolution: 10 * MINUTE, rate: 5 });
    await conversation(h, channel.id, a, { firstResponse: 90 * SECOND, resolution: 20 * MINUTE, rate: 1 });
    await conversation(h, channel.id, { id: b.operator.id, cookie: b.cookie }, { firstResponse: 5 * MINUTE, resolution: HOUR, rate: 5 });
    h.clock.current = Date.UTC(2024, 8, 3, 9, 0, 0);
    await conversation(h, channel.id, a, { firstResponse: 60 * SECOND, resolution: 30 * MINUTE });

    const admin = await h.login('admin', 'admin-test-password');
    const all = await h.call<ReportsByOperator>(REPORTS_BY_OPERATOR_ROUTE, { period: '7d', channel_ids: [channel.id] }, { cookie: admin });
    assert.equal(all.scope, 'all');
    assert.deepEqual([all.from, all.to], ['2024-08-28', '2024-09-03']);
    assert.deepEqual(all.operators.map((o) => [o.operator_id, o.name, o.conversations]), [
      [operator.id, 'Ada', 3],
      [b.operator.id, 'Colleague bea', 1],
    ]);
    const ada = all.operators[0]!;
    assert.equal(ada.first_response.count, 3);
    near(ada.first_response.median_ms, 60 * SECOND, 'median first response');
    near(ada.first_response.p90_ms, 90 * SECOND, 'p90 first response');
    near(ada.resolution.median_ms, 20 * MINUTE, 'median resolution');
    assert.deepEqual(ada.satisfaction, { rated: 2, best: 1, share: 0.5 });
    assert.deepEqual(ada.load, [
      { day: '2024-09-02', conversations: 2, replies: 2 },
      { day: '2024-09-03', conversations: 1, replies: 1 },
    ]);

    const own = await h.call<ReportsByOperator>(REPORTS_BY_OPERATOR_ROUTE, { period: '7d' }, { cookie: b.cookie });
    assert.equal(own.scope, 'own');
    assert.deepEqual(own.operators.map((o) => o.operator_id), [b.operator.id], 'an operator sees only its own line');
    near(own.operators[0]!.resolution.median_ms, HOUR, 'its resolution');
  });

  it('gives each channel the overview’s figures, and a supervisor only its channels', async () => {
    h.clock.current = Date.UTC(2024, 9, 7, 9, 0, 0);
    const one = await h.channelWithOperator();
    const two = await h.channelWithOperator();
    await conversation(h, one.channel.id, { id: one.operator.id, cookie: one.cookie }, { firstResponse: 2 * MINUTE, resolution: 5 * MINUTE, rate: 5 });
    await conversation(h, two.channel.id, { id: two.operator.id, cookie: two.cookie }, { firstResponse: 4 * MINUTE, resolution: 8 * MINUTE });
    await conversation(h, two.channel.id, { id: two.operator.id, cookie: two.cookie }, { firstResponse: 4 * MINUTE, resolution: 8 * MINUTE });
    const admin = await h.login('admin', 'admin-test-password');
    const both = await h.call<ReportsByChannel>(REPORTS_BY_CHANNEL_ROUTE, { period: 'today', channel_ids: [two.channel.id, one.channel.id] }, { cookie: admin });
    assert.deepEqual(both.channels.map((c) => [c.channel_id, c.name, c.figures.conversations]), [
      [one.channel.id, one.channel.name, 1],
      [two.channel.id, two.channel.name, 2],
    ]);
    near(both.channels[0]!.figures.first_response.median_ms, 2 * MINUTE, 'channel one');
    assert.deepEqual(both.channels[0]!.figures.satisfaction, { rated: 1, best: 1, share: 1, rating_rate: 1 });
    near(both.channels[1]!.figures.resolution.median_ms, 8 * MINUTE, 'channel two');
    assert.deepEqual(both.time_zones, ['UTC'], 'channels without business hours count their days in UTC');
    const hours: BusinessHours = { time_zone: 'Pacific/Auckland', week: Array.from({ length: 7 }, () => []), closed_dates: [] };
    await new KyselyBusinessHoursStore(h.app.database.db).set(one.channel.id, hours, h.clock.now());
    const zoned = await h.call<ReportsByChannel>(REPORTS_BY_CHANNEL_ROUTE, { period: 'today', channel_ids: [two.channel.id, one.channel.id] }, { cookie: admin });
    assert.deepEqual(zoned.time_zones, ['Pacific/Auckland', 'UTC'], 'each zone once, sorted');
    const overview = await h.call<ReportsOverview>(REPORTS_OVERVIEW_ROUTE, { period: 'today', channel_ids: [one.channel.id, one.channel.id] }, { cookie: admin });
    assert.deepEqual(overview.time_zones, ['Pacific/Auckland']);

    const boss = await colleague(h, two.channel.id, 'boss');
    await h.app.store.roles.setRole(two.channel.id, boss.operator.id, 'supervisor');
    const seen = await h.call<ReportsByChannel>(REPORTS_BY_CHANNEL_ROUTE, { period: 'today' }, { cookie: boss.cookie });
    assert.deepEqual([seen.scope, seen.channels.map((c) => c.channel_id)], ['supervised', [two.channel.id]]);
    assert.equal(seen.channels[0]!.figures.conversations, 2, 'a supervisor sees the whole channel');
    const { body } = await h.rpc(REPORTS_BY_CHANNEL_ROUTE, { period: 'today', channel_ids: [one.channel.id] }, { cookie: boss.cookie });
    assert.equal((body.error as { data?: { name?: string } } | undefined)?.data?.name, 'livechat.AccessError');
  });

  it('counts tagged conversations per tag, a tag applied after the close included', async () => {
    h.clock.current = Date.UTC(2024, 10, 4, 9, 0, 0);
    const { channel, operator, cookie } = await h.channelWithOperator();
    const op = { id: operator.id, cookie };
    await conversation(h, channel.id, op, { firstResponse: MINUTE, resolution: 10 * MINUTE, rate: 5, tag: 'billing' });
    await conversation(h, channel.id, op, { firstResponse: 3 * MINUTE, resolution: 30 * MINUTE, rate: 1, tag: 'Billing' });
    const late = await conversation(h, channel.id, op, { firstResponse: 2 * MINUTE, resolution: 4 * MINUTE });
    await h.call(ADD_CONVERSATION_TAG_ROUTE, { session_id: late.id, name: 'bug' }, { cookie });
    await conversation(h, channel.id, op, { firstResponse: MINUTE, resolution: 2 * MINUTE });
    const report = await h.call<ReportsByTag>(REPORTS_BY_TAG_ROUTE, { period: 'today' }, { cookie });
    assert.deepEqual(report.tags.map((t) => [t.name, t.channel_id, t.conversations]), [
      ['billing', channel.id, 2],
      ['bug', channel.id, 1],
    ]);
    const billing = report.tags[0]!;
    assert.equal(billing.first_response.count, 2);
    near(billing.first_response.median_ms, MINUTE, 'billing first response (nearest rank)');
    near(billing.resolution.p90_ms, 30 * MINUTE, 'billing resolution p90');
    assert.deepEqual(billing.satisfaction, { rated: 2, best: 1, share: 0.5 });
    near(report.tags[1]!.resolution.median_ms, 4 * MINUTE, 'a tag applied after the close counts');
    const stranger = await h.channelWithOperator();
    assert.deepEqual((await h.call<ReportsByTag>(REPORTS_BY_TAG_ROUTE, { period: 'today' }, { cookie: stranger.cookie })).tags, []);
  });

  it('maps the busiest hours in the channel’s zone across the spring daylight-saving change', async () => {
    h.clock.current = Date.UTC(2024, 2, 30, 10, 30, 0);
    const { channel, operator, cookie } = await h.channelWithOperator();
    const hours: BusinessHours = { time_zone: 'Europe/Paris', week: Array.from({ length: 7 }, () => [{ start: '00:00', end: '23:59' }]), closed_dates: [] };
    await new KyselyBusinessHoursStore(h.app.database.db).set(channel.id, hours, h.clock.now());
    const open = async (at: number) => {
      h.clock.current = at;
      await h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channel.id, operator_id: operator.id, anonymous_name: 'V', name: 'V' }, at);
    };
    await open(Date.UTC(2024, 2, 30, 10, 30)); // Saturday 11:30 CET
    await open(Date.UTC(2024, 2, 30, 10, 45)); // Saturday 11:45 CET
    await open(Date.UTC(2024, 2, 31, 0, 30)); // Sunday 01:30 CET
    await open(Date.UTC(2024, 2, 31, 1, 30)); // Sunday 03:30 CEST: 02:00 to 03:00 never happens
    await open(Date.UTC(2024, 2, 31, 10, 30)); // Sunday 12:30 CEST
    await open(Date.UTC(2024, 3, 1, 22, 30)); // Tuesday 00:30 CEST, still Monday in UTC
    const map = await h.call<ReportsBusiestHours>(REPORTS_BUSIEST_HOURS_ROUTE, { period: 'custom', from: '2024-03-25', to: '2024-04-07' }, { cookie });
    const cells = map.conversations.flatMap((row, weekday) => row.map((n, hour) => [weekday, hour, n] as const)).filter(([, , n]) => n > 0);
    assert.deepEqual(cells, [
      [1, 0, 1],
      [5, 11, 2],
      [6, 1, 1],
      [6, 3, 1],
      [6, 12, 1],
    ]);
    assert.equal(map.max, 2);
    assert.deepEqual(map.time_zones, ['Europe/Paris'], 'the answer names the zone its hours are in');
    assert.equal(map.conversations.length, 7);
    assert.ok(map.conversations.every((row) => row.length === 24));
  });

  it('shows who waits now, for how long, the open conversations and the operators’ load against capacity', async () => {
    h.clock.current = Date.UTC(2024, 11, 2, 9, 0, 0);
    const { channel, operator, password } = await h.channelWithOperator({ name: 'Lead' });
    const other = await colleague(h, channel.id, 'mate');
    await h.app.store.setOperatorCapacity(channel.id, operator.id, 3);
    await h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channel.id, operator_id: operator.id, anonymous_name: 'A', name: 'A' }, h.clock.now());
    await h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channel.id, operator_id: other.operator.id, anonymous_name: 'B', name: 'B' }, h.clock.now());
    await h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channel.id, operator_id: null, anonymous_name: 'Q1', name: 'Q1' }, h.clock.now());
    h.clock.advance(2 * MINUTE);
    await h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channel.id, operator_id: null, anonymous_name: 'Q2', name: 'Q2' }, h.clock.now());
    h.clock.advance(MINUTE);
    // Logging in again is being seen now: the first login is past the online window.
    await h.login(operator.login, password);
    other.cookie = await h.login(other.operator.login, 'pw-colleague');
    const admin = await h.login('admin', 'admin-test-password');
    const live = await h.call<ReportsLive>(REPORTS_LIVE_ROUTE, { channel_ids: [channel.id] }, { cookie: admin });
    assert.equal(live.now, h.clock.now());
    const c = live.channels[0]!;
    assert.deepEqual([c.channel_id, c.waiting, c.longest_wait_ms, c.open], [channel.id, 2, 3 * MINUTE, 2]);
    assert.deepEqual(
      c.operators.map((o) => [o.id, o.load, o.capacity]).sort((x, y) => x[0]! - y[0]!),
      [
        [operator.id, 1, 3],
        [other.operator.id, 1, null],
      ].sort((x, y) => x[0]! - y[0]!),
    );
    const mine = await h.call<ReportsLive>(REPORTS_LIVE_ROUTE, {}, { cookie: other.cookie });
    assert.equal(mine.scope, 'own');
    const seen = mine.channels.find((x) => x.channel_id === channel.id)!;
    assert.deepEqual([seen.waiting, seen.open, seen.operators.map((o) => o.id)], [2, 1, [other.operator.id]], 'an operator sees the queue, its own chats and itself');
  });

  it('refuses hostile input, other channels and another operator’s figures on every route', async () => {
    const { cookie } = await h.channelWithOperator();
    const foreign = await h.channelWithOperator();
    const periodBad: Record<string, unknown>[] = [
      { period: 'year' },
      { period: ['today'] },
      { period: 'custom', from: '2024-05-10', to: '2024-05-01' },
      { period: 'custom', from: '2020-01-01', to: '2024-01-01' },
      { period: 'today', basis: 'lunar' },
      { period: 'today', time_zone: 'Europe/Paris\u0007' },
      { period: 'today', time_zone: 'x'.repeat(500) },
      { period: 'today', channel_ids: Array.from({ length: REPORT_CHANNELS_MAX + 1 }, (_, i) => i + 1) },
      { period: 'today', channel_ids: [{ id: 1 }] },
      { period: 'today', channel_ids: 'all' },
      { period: 'today', operator_id: 1 },
      JSON.parse('{"period":"today","__proto__":{"is_admin":true}}') as Record<string, unknown>,
      { period: 'today', channel_ids: [foreign.channel.id] },
    ];
    for (const route of [REPORTS_BY_OPERATOR_ROUTE, REPORTS_BY_CHANNEL_ROUTE, REPORTS_BY_TAG_ROUTE, REPORTS_BUSIEST_HOURS_ROUTE]) {
      for (const params of periodBad) {
        const { body } = await h.rpc(route, params, { cookie });
        assert.ok(body.error, `${route} refused: ${JSON.stringify(params).slice(0, 80)}`);
      }
      assert.ok((await h.rpc(route, { period: 'today' })).body.error, `${route}: no operator, no figures`);
    }
    const liveBad: Record<string, unknown>[] = [
      { channel_ids: Array.from({ length: REPORT_CHANNELS_MAX + 1 }, (_, i) => i + 1) },
      { channel_ids: ['1\u0000'] },
      { channel_ids: [foreign.channel.id] },
      { operator_id: foreign.operator.id },
      JSON.parse('{"__proto__":{"is_admin":true}}') as Record<string, unknown>,
    ];
    for (const params of liveBad) {
      const { body } = await h.rpc(REPORTS_LIVE_ROUTE, params, { cookie });
      assert.ok(body.error, `live refused: ${JSON.stringify(params).slice(0, 80)}`);
    }
    assert.ok((await h.rpc(REPORTS_LIVE_ROUTE, {})).body.error, 'live: no operator, no figures');
  });
});

describeEachEngine(
  'reports breakdowns rate limit',
  (h) => {
    it('shares one allowance among the report routes: the 4th report a minute is refused', async () => {
      const { cookie } = await h.channelWithOperator();
      const calls: [string, Record<string, unknown>][] = [
        [REPORTS_BY_OPERATOR_ROUTE, { period: 'today' }],
        [REPORTS_BUSIEST_HOURS_ROUTE, { period: '7d' }],
        [REPORTS_LIVE_ROUTE, {}],
        [REPORTS_BY_TAG_ROUTE, { period: 'today' }],
      ];
      const codes: number[] = [];
      for (const [route, params] of calls) codes.push((await h.rpc(route, params, { cookie })).res.statusCode);
      assert.equal(codes.slice(0, 3).join(), '200,200,200');
      assert.notEqual(codes[3], 200);
    });
  },
  { RATE_LIMIT_REPORTS: '3' },
);
