/**
 * Issue 27, reports: scripted histories on an injected clock, through the real routes, check every
 * definition of README "Reports" in wall-clock and business-hours time (a closed night), both missed
 * kinds, a transfer, a queue wait, a conversation opened again, ratings changed, who sees what, and
 * hostile input to the overview route.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { CHAT_POST_ROUTE, FEEDBACK_ROUTE, GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';
import { CLOSE_SESSION_ROUTE } from '../../../../src/protocol/console/routes.js';
import { SET_STATUS_ROUTE } from '../../../../src/protocol/console/status-routes.js';
import { REPORTS_OVERVIEW_ROUTE, REPORT_CHANNELS_MAX, type ReportsOverview } from '../../../../src/protocol/console/reports.js';
import type { BusinessHours } from '../../../../src/protocol/business-hours.js';
import { assignConversation } from '../../../../src/server/domain/conversations/index.js';
import { KyselyOfflineStore } from '../../../../src/server/features/offline-messages/offline-store.js';
import { KyselyBusinessHoursStore } from '../../../../src/server/features/business-hours/business-hours-store.js';
import { allEvents } from '../../../../src/server/features/reports/report-store.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** The bucket error README "Reports" states. */
const BUCKET_ERROR = 0.05;

function near(actual: number | null, expected: number, what: string): void {
  assert.ok(actual !== null && Math.abs(actual - expected) <= expected * BUCKET_ERROR, `${what}: ${actual} is not within 5 % of ${expected}`);
}

async function overview(h: Harness, cookie: string, params: Record<string, unknown>): Promise<ReportsOverview> {
  return h.call<ReportsOverview>(REPORTS_OVERVIEW_ROUTE, { period: 'today', ...params }, { cookie });
}

async function visitorSays(h: Harness, uuid: string, text: string): Promise<void> {
  await h.call(CHAT_POST_ROUTE, { uuid, message_content: text });
}

async function operatorSays(h: Harness, cookie: string, sessionId: number, text: string): Promise<void> {
  await h.call(CHAT_POST_ROUTE, { session_id: sessionId, message_content: text }, { cookie });
}

async function eventsOf(h: Harness, sessionId: number) {
  return (await allEvents(h.app.database.db)).filter((e) => e.session_id === sessionId);
}

describeEachEngine('reports', (h) => {
  it('states first response from the first visitor message, each reply cycle, resolution and satisfaction', async () => {
    h.clock.current = Date.UTC(2024, 4, 14, 10, 0, 0);
    const { session, cookie, channel } = await h.visitorSession();
    h.clock.advance(30 * SECOND);
    await visitorSays(h, session.uuid, 'Hello');
    h.clock.advance(90 * SECOND);
    await operatorSays(h, cookie, session.id, 'Hi, how can I help?');
    h.clock.advance(10 * SECOND);
    await operatorSays(h, cookie, session.id, 'Still there?');
    h.clock.advance(60 * SECOND);
    await visitorSays(h, session.uuid, 'Yes: my order');
    h.clock.advance(20 * SECOND);
    await visitorSays(h, session.uuid, 'number 42');
    h.clock.advance(40 * SECOND);
    await operatorSays(h, cookie, session.id, 'Found it');
    h.clock.advance(5 * MINUTE);
    await h.call(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie });
    await h.call(FEEDBACK_ROUTE, { uuid: session.uuid, rate: 3 });
    await h.call(FEEDBACK_ROUTE, { uuid: session.uuid, rate: 5, reason: 'changed my mind' });

    const events = await eventsOf(h, session.id);
    const timed = (kind: string) => events.filter((e) => e.kind === kind).map((e) => e.wall_ms);
    assert.deepEqual(timed('first_response'), [90 * SECOND], 'from the first visitor message, not the creation');
    assert.deepEqual(timed('reply'), [90 * SECOND, 60 * SECOND], 'a cycle runs from the first unanswered visitor message');
    assert.deepEqual(timed('resolved'), [30 * SECOND + 90 * SECOND + 10 * SECOND + 60 * SECOND + 20 * SECOND + 40 * SECOND + 5 * MINUTE]);
    assert.ok(events.every((e) => e.business_ms === e.wall_ms), 'a channel without hours is always open');

    const mine = await overview(h, cookie, {});
    assert.equal(mine.scope, 'own');
    const f = mine.current;
    assert.equal(f.conversations, 1);
    assert.deepEqual(f.missed, { never_answered: 0, nobody_available: 0 });
    near(f.first_response.median_ms, 90 * SECOND, 'first response');
    assert.equal(f.reply.count, 2);
    near(f.reply.median_ms, 60 * SECOND, 'reply median (nearest rank)');
    near(f.reply.p90_ms, 90 * SECOND, 'reply p90');
    near(f.resolution.median_ms, 550 * SECOND, 'resolution');
    assert.deepEqual(f.satisfaction, { rated: 1, best: 1, share: 1, rating_rate: 1 }, 'a changed rating counts once, with its latest value');
    assert.equal(mine.previous.conversations, 0);

    const admin = await h.login('admin', 'admin-test-password');
    const all = await overview(h, admin, { channel_ids: [channel.id], period: '7d' });
    assert.equal(all.scope, 'all');
    assert.equal(all.current.conversations, 1);
    assert.equal(all.current.from, '2024-05-08');
    assert.deepEqual(all.previous, { ...all.previous, from: '2024-05-01', to: '2024-05-07' });
  });

  it('counts durations within business hours across a closed night', async () => {
    // Tuesday 16:50 in Paris (14:50 UTC); open 09:00–17:00 on weekdays.
    h.clock.current = Date.UTC(2024, 4, 14, 14, 50, 0);
    const { channel, cookie } = await h.channelWithOperator();
    const hours: BusinessHours = { time_zone: 'Europe/Paris', week: [0, 1, 2, 3, 4].map(() => [{ start: '09:00', end: '17:00' }]).concat([[], []]), closed_dates: [] };
    await new KyselyBusinessHoursStore(h.app.database.db).set(channel.id, hours, h.clock.now());
    const session = await h.call<{ id: number; uuid: string }>(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'Visitor', previous_operator_id: null });
    await visitorSays(h, session.uuid, 'Anyone?');
    h.clock.advance(16 * HOUR + 20 * MINUTE); // Wednesday 09:10 in Paris
    await operatorSays(h, cookie, session.id, 'Good morning');
    const first = (await eventsOf(h, session.id)).find((e) => e.kind === 'first_response');
    assert.equal(first?.wall_ms, 16 * HOUR + 20 * MINUTE);
    assert.equal(first?.business_ms, 20 * MINUTE, '10 minutes on Tuesday, 10 on Wednesday');
    assert.equal(first?.day, '2024-05-15', 'the day in the channel’s zone');
    const business = await overview(h, cookie, { basis: 'business', period: 'custom', from: '2024-05-15', to: '2024-05-15' });
    near(business.current.first_response.median_ms, 20 * MINUTE, 'business-hours first response');
    const wall = await overview(h, cookie, { period: 'custom', from: '2024-05-15', to: '2024-05-15' });
    near(wall.current.first_response.median_ms, 16 * HOUR + 20 * MINUTE, 'wall-clock first response');
  });

  it('splits missed into never answered and nobody available', async () => {
    h.clock.current = Date.UTC(2024, 5, 3, 12, 0, 0);
    const { session, cookie, channel } = await h.visitorSession();
    await visitorSays(h, session.uuid, 'Hello?');
    h.clock.advance(2 * MINUTE);
    await h.call(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie });
    // Nobody online: the visitor asking is refused.
    const empty = await h.channelWithOperator({ online: false });
    assert.equal(await h.call(GET_SESSION_ROUTE, { channel_id: empty.channel.id, anonymous_name: 'Visitor', previous_operator_id: null }), false);
    // An offline message.
    await new KyselyOfflineStore(h.app.database.db, h.app.database.facts).create(
      { uuid: randomUUID(), channel_id: empty.channel.id, anonymous_name: 'Off', email: 'off@example.org', body: '<p>call me</p>', post_key: null, user_agent: null, language: 'de' },
      h.clock.now(),
    );
    // An operator writing first opens no cycle: no response is missing, so nothing is missed.
    const greeted = await h.call<{ id: number; uuid: string }>(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'Visitor', previous_operator_id: null });
    await operatorSays(h, cookie, greeted.id, 'Welcome!');
    await h.call(CLOSE_SESSION_ROUTE, { session_id: greeted.id }, { cookie });
    // A conversation closed while it still waited in the queue.
    const queued = await h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channel.id, operator_id: null, anonymous_name: 'Q', name: 'Q' }, h.clock.now());
    h.clock.advance(10 * MINUTE);
    await h.app.store.closeVisitorSession(queued.id, h.clock.now());

    const created = (await allEvents(h.app.database.db)).filter((e) => e.kind === 'created' && [channel.id, empty.channel.id].includes(e.channel_id));
    assert.deepEqual(
      created.map((e) => [e.detail, e.language]),
      [
        ['assigned', null],
        ['offline', 'de'],
        ['assigned', null],
        ['queued', null],
      ],
      'whether an operator was available, and the visitor’s language',
    );
    const admin = await h.login('admin', 'admin-test-password');
    const figures = (await overview(h, admin, { channel_ids: [channel.id, empty.channel.id] })).current;
    assert.deepEqual(figures.missed, { never_answered: 1, nobody_available: 3 });
    assert.equal(figures.conversations, 4, 'a refusal makes no conversation');
    assert.equal(figures.first_response.count, 0);
    assert.equal(figures.resolution.count, 3);
    const mine = (await overview(h, cookie, {})).current;
    assert.deepEqual(mine.missed, { never_answered: 1, nobody_available: 0 }, 'nobody available is nobody’s figure');
  });

  it('credits a transfer, a queue wait and the cycles of a conversation opened again', async () => {
    h.clock.current = Date.UTC(2024, 6, 1, 9, 0, 0);
    const { session, channel, operator } = await h.visitorSession();
    const other = await h.app.store.createOperator({ login: `other-${session.id}`, display_name: 'Other', email: null, password: 'pw-other-op' });
    await h.app.store.addChannelOperator(channel.id, other.id);
    const otherCookie = await h.login(other.login, 'pw-other-op');
    await visitorSays(h, session.uuid, 'Question');
    h.clock.advance(MINUTE);
    const row = (await h.app.store.getVisitorSession(session.id))!;
    assert.ok(await assignConversation(h.app, row, other, { reason: 'transferred', byOperatorId: operator.id }));
    h.clock.advance(MINUTE);
    await operatorSays(h, otherCookie, session.id, 'Answer');
    await h.call(SET_STATUS_ROUTE, { session_id: session.id, status: 'waiting' }, { cookie: otherCookie });
    h.clock.advance(HOUR);
    await visitorSays(h, session.uuid, 'One more thing');
    h.clock.advance(3 * MINUTE);
    await operatorSays(h, otherCookie, session.id, 'Sure');
    const events = await eventsOf(h, session.id);
    assert.deepEqual(
      events.filter((e) => e.kind === 'reply').map((e) => [e.operator_id, e.wall_ms]),
      [
        [other.id, 2 * MINUTE],
        [other.id, 3 * MINUTE],
      ],
    );
    assert.deepEqual(events.filter((e) => e.kind === 'first_response').length, 1, 'opened again, it has one first response');
    assert.deepEqual(events.filter((e) => e.kind === 'transfer').map((e) => e.operator_id), [operator.id]);

    const queued = await h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channel.id, operator_id: null, anonymous_name: 'Waiting', name: 'Waiting' }, h.clock.now());
    h.clock.advance(4 * MINUTE);
    assert.ok(await assignConversation(h.app, queued, operator, { reason: 'dequeued', byOperatorId: null }));
    const admin = await h.login('admin', 'admin-test-password');
    const f = (await overview(h, admin, { channel_ids: [channel.id] })).current;
    assert.equal(f.transfers, 1);
    assert.equal(f.conversations, 2);
    near(f.queue_wait.median_ms, 4 * MINUTE, 'wait in queue');
    const theirs = (await overview(h, otherCookie, {})).current;
    assert.equal(theirs.reply.count, 2, 'the operator who replied is credited');
    assert.equal(theirs.conversations, 0, 'a conversation counts for the operator it opened with');
  });

  it('shows a supervisor the whole figures of the supervised channels, an operator only its own', async () => {
    h.clock.current = Date.UTC(2024, 7, 5, 9, 0, 0);
    const { session, channel, operator, cookie } = await h.visitorSession();
    const boss = await h.app.store.createOperator({ login: `boss-${session.id}`, display_name: 'Boss', email: null, password: 'pw-boss-op' });
    await h.app.store.roles.setRole(channel.id, boss.id, 'supervisor');
    const bossCookie = await h.login(boss.login, 'pw-boss-op');
    await visitorSays(h, session.uuid, 'Hi');
    h.clock.advance(2 * MINUTE);
    await operatorSays(h, cookie, session.id, 'Hello');
    const seen = await overview(h, bossCookie, {});
    assert.deepEqual([seen.scope, seen.channel_ids, seen.current.conversations, seen.current.reply.count], ['supervised', [channel.id], 1, 1]);
    const own = await overview(h, bossCookie, { channel_ids: [channel.id] });
    assert.equal(own.current.first_response.count, 1);
    assert.equal((await overview(h, cookie, {})).current.first_response.count, 1, `operator ${operator.id} sees its own reply`);
    const stranger = await h.channelWithOperator();
    assert.equal((await overview(h, stranger.cookie, {})).current.conversations, 0, 'nothing of another channel');
  });

  it('refuses hostile input and other channels', async () => {
    const { cookie } = await h.channelWithOperator();
    const foreign = await h.channelWithOperator();
    const bad: Record<string, unknown>[] = [
      { period: 'year' },
      { period: 7 },
      { period: 'custom' },
      { period: 'custom', from: '2024-05-10', to: '2024-05-01' },
      { period: 'custom', from: '2020-01-01', to: '2024-01-01' },
      { period: 'custom', from: '2024-02-31x', to: '2024-03-01' },
      { period: 'custom', from: '2023-02-29', to: '2023-03-01' },
      { period: 'today', basis: 'lunar' },
      { period: 'today', time_zone: 'Europe/Paris\u0000' },
      { period: 'today', time_zone: 'Not/AZone' },
      { period: 'today', time_zone: 'x'.repeat(500) },
      { period: 'today', channel_ids: Array.from({ length: REPORT_CHANNELS_MAX + 1 }, (_, i) => i + 1) },
      { period: 'today', channel_ids: ['1; DROP TABLE report_daily'] },
      JSON.parse('{"period":"today","__proto__":{"admin":true}}') as Record<string, unknown>,
      { period: 'today', channel_ids: [foreign.channel.id] },
    ];
    for (const params of bad) {
      const { body } = await h.rpc(REPORTS_OVERVIEW_ROUTE, params, { cookie });
      assert.ok(body.error, `refused: ${JSON.stringify(params).slice(0, 80)}`);
    }
    const { body } = await h.rpc(REPORTS_OVERVIEW_ROUTE, { period: 'today' });
    assert.ok(body.error, 'no operator, no figures');
  });
});
