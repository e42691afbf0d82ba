/**
 * Issue 27's bench seeds a million conversations with the writers' rules applied in memory
 * (test/bench/lib/report-history.ts). Here a small history of the same generator, over daylight-saving
 * changes and closed nights, goes through the real store and fact writers, and what they stored must equal
 * what the seeder would insert: the same events, aggregates and channel totals, on both engines.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { KyselyBusinessHoursStore } from '../../../../src/server/features/business-hours/business-hours-store.js';
import { KyselyOfflineStore } from '../../../../src/server/features/offline-messages/offline-store.js';
import { allDaily, allDailyChannel, allEvents, type DailyDelta, type NewReportEvent } from '../../../../src/server/features/reports/report-store.js';
import { conversationAt, hoursOracle, written, type Conversation, type Step } from '../../../bench/lib/report-history.js';
import { SEED_CHANNELS } from '../../../bench/lib/report-seed.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';

const CONVERSATIONS = 240;
/** Four weeks over the US and the EU spring changes. */
const START = Date.UTC(2024, 2, 4);
const END = Date.UTC(2024, 3, 1);

const eventKey = (e: NewReportEvent) => JSON.stringify([e.session_id, e.channel_id, e.operator_id, e.kind, e.detail, e.language, Number(e.at), e.day, e.wall_ms === null ? null : Number(e.wall_ms), e.business_ms === null ? null : Number(e.business_ms)]);
const dailyKey = (d: Omit<DailyDelta, 'n'>) => [d.channel_id, d.operator_id, d.day, d.metric, d.basis, d.bucket].join('|');

function sumDeltas(deltas: DailyDelta[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const d of deltas) totals.set(dailyKey(d), (totals.get(dailyKey(d)) ?? 0) + d.n);
  for (const [k, n] of totals) if (n === 0) totals.delete(k);
  return totals;
}

/** Plays one conversation through the store as the routes would; returns its session id (null: refused). */
async function replay(h: Harness, c: Conversation, channelId: number, operatorIds: number[]): Promise<number | null> {
  const at = (t: number) => (h.clock.current = t);
  at(c.at);
  if (c.kind === 'refused') {
    await h.app.store.recordRefusal(channelId, c.at);
    return null;
  }
  if (c.kind === 'offline') {
    const offline = new KyselyOfflineStore(h.app.database.db, h.app.database.facts);
    const { session } = await offline.create({ uuid: randomUUID(), channel_id: channelId, anonymous_name: 'Off', email: 'off@example.org', body: '<p>x</p>', post_key: null, user_agent: null, language: c.language }, c.at);
    return session.id;
  }
  const operator = c.operator === null ? null : (operatorIds[c.operator] as number);
  const session = await h.app.store.createVisitorSession({ uuid: randomUUID(), channel_id: channelId, operator_id: operator, anonymous_name: 'V', name: 'V', language: c.language }, c.at);
  const post = (s: Step & { at: number }, author: number | null) =>
    h.app.busStore.write([{ kind: 'message', message: { session_id: session.id, body: 'x', author_operator_id: author }, channels: [], payload: () => ({}), now: s.at }]);
  for (const s of c.steps) {
    at(s.at);
    if (s.type === 'visitor') await post(s, null);
    else if (s.type === 'operator') await post(s, operatorIds[s.operator] as number);
    else if (s.type === 'assign') await h.app.store.assignVisitorSession(session.id, s.from === null ? null : (operatorIds[s.from] as number), operatorIds[s.to] as number, 'V', s.at);
    else if (s.type === 'close') await h.app.store.closeVisitorSession(session.id, s.at);
    else await h.app.store.upsertRating(session.id, s.rate, '', s.at);
  }
  return session.id;
}

describeEachEngine('reports bench history', (h) => {
  it('the seeder stores what the real writers store for the same history', async () => {
    const channelIds: number[] = [];
    for (const [i, seed] of SEED_CHANNELS.entries()) {
      const channel = await h.app.store.createChannel({ name: `Bench ${i}` });
      if (seed.hours) await new KyselyBusinessHoursStore(h.app.database.db).set(channel.id, seed.hours, START);
      channelIds.push(channel.id);
    }
    const operatorCount = Math.max(...SEED_CHANNELS.flatMap((c) => c.members)) + 1;
    const operatorIds: number[] = [];
    for (let i = 0; i < operatorCount; i++) {
      operatorIds.push((await h.app.store.createOperator({ login: `bench-${i}`, display_name: `B${i}`, password: 'pw-bench-history' })).id);
    }
    const oracle = hoursOracle(SEED_CHANNELS, START, END);
    const expectedEvents: string[] = [];
    const expectedDeltas: DailyDelta[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const c = conversationAt(SEED_CHANNELS, i, CONVERSATIONS, START, END);
      const sessionId = await replay(h, c, channelIds[c.channel] as number, operatorIds);
      const w = written(c, sessionId ?? 0, { channels: channelIds, operators: operatorIds }, oracle);
      expectedEvents.push(...w.events.map(eventKey));
      expectedDeltas.push(...w.deltas);
    }
    const stored = await allEvents(h.app.database.db);
    assert.deepEqual(stored.map(eventKey).sort(), expectedEvents.sort(), 'the same events');
    const storedDaily = new Map((await allDaily(h.app.database.db)).map((d) => [dailyKey(d), d.n]));
    assert.deepEqual(storedDaily, sumDeltas(expectedDeltas), 'the same aggregates');
    const storedTotals = new Map((await allDailyChannel(h.app.database.db)).map((d) => [dailyKey({ ...d, operator_id: 0 }), d.n]));
    assert.deepEqual(storedTotals, sumDeltas(expectedDeltas.map((d) => ({ ...d, operator_id: 0 }))), 'the same channel totals, operators added up');
    const kinds = new Set(stored.map((e) => `${e.kind}:${e.detail ?? ''}`.replace(/:\d+$/, '')));
    for (const k of ['created:assigned', 'created:queued', 'created:offline', 'first_response:', 'reply:', 'queue_wait:', 'transfer', 'resolved:', 'missed:never_answered', 'missed:nobody_available', 'rating']) {
      assert.ok(kinds.has(k), `the history holds ${k}`);
    }
    assert.ok(stored.some((e) => e.business_ms !== null && e.business_ms > 0 && e.business_ms < e.wall_ms!), 'some durations straddle closed hours');
    assert.ok(new Set(stored.filter((e) => e.kind === 'rating').map((e) => e.session_id)).size < stored.filter((e) => e.kind === 'rating').length, 'a rating changed');
  });
});
