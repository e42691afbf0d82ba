/**
 * Issue 27: after random (seeded, bounded) sequences of conversation changes, the aggregates the
 * writers maintained equal a recomputation from the stored events, on both engines; and the events
 * hold exactly the reply cycles the message timeline implies; the busiest hours' counts equal the
 * conversations created, counted in each channel's local day and hour.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { BusinessHours } from '../../../../src/protocol/business-hours.js';
import type { VisitorSessionRow } from '../../../../src/server/core/db/tables.js';
import { KyselyBusinessHoursStore } from '../../../../src/server/features/business-hours/business-hours-store.js';
import { deltasOf, ratingDeltas } from '../../../../src/server/features/reports/report-events.js';
import { allDaily, allDailyChannel, allEvents, allWeeklyChannel, periodSums, type ReportDailyTable } from '../../../../src/server/features/reports/report-store.js';
import { weekOf } from '../../../../src/server/features/reports/weeks.js';
import { allHourly } from '../../../../src/server/features/reports/breakdown-store.js';
import { localHour } from '../../../../src/server/features/reports/hourly-writers.js';
import { channelBusinessHours } from '../../../../src/server/domain/channels/index.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';

const STEPS = 160;

/** mulberry32: a small seeded generator, so a failure replays. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const keyOf = (d: Omit<ReportDailyTable, 'n'>) => [d.channel_id, d.operator_id, d.day, d.metric, d.basis, d.bucket].join('|');

/** The aggregates recomputed from the stored events with the rules the writers apply. */
async function recomputed(h: Harness): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  const add = (d: ReportDailyTable) => totals.set(keyOf(d), (totals.get(keyOf(d)) ?? 0) + d.n);
  const ratings = new Map<number, { operator_id: number; day: string; rate: number }>();
  for (const e of await allEvents(h.app.database.db)) {
    if (e.kind !== 'rating') {
      deltasOf(e).forEach(add);
      continue;
    }
    const first = ratings.get(e.session_id!);
    const key = { channel_id: e.channel_id, operator_id: first?.operator_id ?? e.operator_id };
    ratingDeltas(key, first && { rate: first.rate, day: first.day }, Number(e.detail), e.day).forEach(add);
    ratings.set(e.session_id!, { operator_id: key.operator_id, day: first?.day ?? e.day, rate: Number(e.detail) });
  }
  for (const [k, n] of totals) if (n === 0) totals.delete(k);
  return totals;
}

/** The hourly counts recomputed from the stored `created` events, in each channel's zone. */
async function recomputedHours(h: Harness): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  const zones = new Map<number, string>();
  for (const e of (await allEvents(h.app.database.db)).filter((x) => x.kind === 'created')) {
    if (!zones.has(e.channel_id)) zones.set(e.channel_id, (await channelBusinessHours(h.app.database.db, e.channel_id))?.time_zone ?? 'UTC');
    const { day, hour } = localHour(e.at, zones.get(e.channel_id)!);
    assert.equal(day, e.day, 'an hour lies on its event’s day');
    const key = [e.channel_id, e.operator_id, day, hour].join('|');
    totals.set(key, (totals.get(key) ?? 0) + 1);
  }
  return totals;
}

async function runSequence(h: Harness, seed: number): Promise<void> {
  const rnd = random(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)]!;
  const channels = [await h.app.store.createChannel({ name: `P${seed}a` }), await h.app.store.createChannel({ name: `P${seed}b` })];
  const hours: BusinessHours = { time_zone: 'America/New_York', week: Array.from({ length: 7 }, (_, d) => (d < 5 ? [{ start: '08:30', end: '18:00' }] : [])), closed_dates: [] };
  await new KyselyBusinessHoursStore(h.app.database.db).set(channels[0]!.id, hours, h.clock.now());
  const operators = await Promise.all(
    [1, 2, 3].map((i) => h.app.store.createOperator({ login: `p${seed}-${i}`, display_name: `P${i}`, email: null, password: 'pw-property' })),
  );
  const open: VisitorSessionRow[] = [];
  const closed: VisitorSessionRow[] = [];
  const post = (session: VisitorSessionRow, operatorId: number | null) =>
    h.app.busStore.write([{ kind: 'message', message: { session_id: session.id, body: 'x', author_operator_id: operatorId }, channels: [], payload: () => ({}), now: h.clock.now() }]);
  for (let step = 0; step < STEPS; step++) {
    h.clock.advance(Math.floor(rnd() * rnd() * 20 * 3_600_000));
    const roll = rnd();
    if (open.length === 0 || roll < 0.15) {
      const queued = rnd() < 0.3;
      const session = await h.app.store.createVisitorSession(
        { uuid: randomUUID(), channel_id: pick(channels).id, operator_id: queued ? null : pick(operators).id, anonymous_name: 'V', name: 'V', language: 'fr' },
        h.clock.now(),
      );
      open.push(session);
    } else if (roll < 0.5) {
      await post(pick(open), null);
    } else if (roll < 0.72) {
      const session = pick(open);
      if (session.operator_id !== null) await post(session, session.operator_id);
    } else if (roll < 0.8) {
      const session = pick(open);
      const to = pick(operators);
      const moved = await h.app.store.assignVisitorSession(session.id, session.operator_id, to.id, 'V', h.clock.now());
      if (moved) open.splice(open.indexOf(session), 1, moved);
    } else if (roll < 0.9) {
      const session = pick(open);
      await h.app.store.closeVisitorSession(session.id, h.clock.now());
      open.splice(open.indexOf(session), 1);
      closed.push(session);
    } else if (roll < 0.97 && closed.length > 0) {
      await h.app.store.upsertRating(pick(closed).id, pick([5, 3, 1]), '', h.clock.now());
    } else {
      await h.app.store.recordRefusal(pick(channels).id, h.clock.now());
    }
  }
}

/**
 * The weekly channel totals are the daily ones added up by week, and a period read through them (whole
 * weeks from the weekly rows, the ends from the daily ones) sums exactly what its days hold.
 */
async function assertWeeksAddUp(h: Harness): Promise<void> {
  const daily = await allDailyChannel(h.app.database.db);
  const byWeek = new Map<string, number>();
  for (const d of daily) {
    const key = [d.channel_id, d.basis, weekOf(d.day), d.metric, d.bucket].join('|');
    byWeek.set(key, (byWeek.get(key) ?? 0) + d.n);
  }
  for (const [key, n] of byWeek) if (n === 0) byWeek.delete(key);
  assert.deepEqual(new Map((await allWeeklyChannel(h.app.database.db)).map((w) => [[w.channel_id, w.basis, w.week, w.metric, w.bucket].join('|'), w.n])), byWeek);
  const days = [...new Set(daily.map((d) => d.day))].sort();
  const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const first = days[0]!;
  const last = days.at(-1)!;
  const channelIds = [...new Set(daily.map((d) => d.channel_id))];
  for (const [from, to] of [[shift(first, -10), shift(last, 10)], [weekOf(first), shift(weekOf(last), 6)], [first, last], [shift(first, 1), shift(last, -1)], [first, first]] as const) {
    for (const basis of ['wall', 'business']) {
      const expected = new Map<string, number>();
      for (const d of daily) {
        if (d.day < from || d.day > to || (d.basis !== 'count' && d.basis !== basis)) continue;
        const key = `${d.metric}|${d.bucket}`;
        expected.set(key, (expected.get(key) ?? 0) + d.n);
      }
      const read = await periodSums(h.app.database.db, { channelIds, from, to, basis });
      assert.deepEqual(new Map(read.filter((r) => r.n !== 0).map((r) => [`${r.metric}|${r.bucket}`, r.n])), new Map([...expected].filter(([, n]) => n !== 0)), `${from}..${to} ${basis}`);
    }
  }
}

describeEachEngine('reports aggregates', (h) => {
  for (const seed of [1, 27, 2024]) {
    it(`equal a recomputation from the events (seed ${seed})`, async () => {
      h.clock.current = Date.UTC(2024, 2, 25, 12, 0, 0); // spans the US and EU daylight-saving changes
      await runSequence(h, seed);
      const stored = new Map((await allDaily(h.app.database.db)).map((d) => [keyOf(d), d.n]));
      assert.deepEqual(stored, await recomputed(h));
      await assertWeeksAddUp(h);
      const hourly = new Map((await allHourly(h.app.database.db)).map((r) => [[r.channel_id, r.operator_id, r.day, r.hour].join('|'), r.n]));
      assert.deepEqual(hourly, await recomputedHours(h));
      const events = await allEvents(h.app.database.db);
      for (const e of events.filter((x) => x.wall_ms !== null)) {
        assert.ok(e.business_ms! <= e.wall_ms!, 'business time never exceeds the wall-clock time');
      }
      for (const kind of ['created', 'first_response', 'reply', 'queue_wait', 'transfer', 'resolved', 'missed', 'rating']) {
        assert.ok(events.some((e) => e.kind === kind), `the sequence holds a ${kind} event`);
      }
      assert.ok(events.some((e) => e.business_ms !== null && e.business_ms < e.wall_ms!), 'some durations straddle closed hours');
      const replies = events.filter((e) => e.kind === 'reply').length;
      const first = events.filter((e) => e.kind === 'first_response').length;
      assert.ok(first <= replies && first === new Set(events.filter((e) => e.kind === 'first_response').map((e) => e.session_id)).size, 'one first response per conversation');
    });
  }
});
