/**
 * Issue 26, business hours on both engines: off by default; outside the hours init says unavailable
 * (with the reopening time, and only then), get_session opens nothing, the console lists the channel as
 * closed while operators still answer; daylight-saving changes move the reopening instant. Hostile input:
 * non-admins, unknown channels, oversized and malformed schedules, control characters, prototype keys.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BUSINESS_HOURS_ROUTE,
  CLOSED_CHANNELS_ROUTE,
  SET_BUSINESS_HOURS_ROUTE,
  type BusinessHours,
  type BusinessHoursAnswer,
  type ClosedChannel,
} from '../../../../src/protocol/business-hours.js';
import type { InitResult } from '../../../../src/protocol/livechat.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE, INIT_ROUTE } from '../../../../src/protocol/routes.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';

const weekdays = (zone: string, closed_dates: string[] = []): BusinessHours => ({
  time_zone: zone,
  week: [0, 1, 2, 3, 4, 5, 6].map((d) => (d < 5 ? [{ start: '09:00', end: '17:00' }] : [])),
  closed_dates,
});

/** Moves the fake clock forward and logs the operator in again (sessions and presence end with time); its new cookie. */
async function at(h: Harness, iso: string, operator: { operator: { login: string }; password: string }): Promise<string> {
  h.clock.current = Date.parse(iso);
  const cookie = await h.login(operator.operator.login, operator.password);
  h.app.availability.forget();
  return cookie;
}

describeEachEngine('business hours', (h) => {
  it('a channel without hours answers as before; outside its hours it is closed, with the reopening time', async () => {
    const op = await h.channelWithOperator();
    const { channel } = op;
    let cookie = await at(h, '2026-03-27T17:00:00Z', op);
    let admin = await h.login('admin', ADMIN_PASSWORD);
    const before = await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id });
    assert.equal(before.available_for_me, true);
    assert.equal(before.options && 'reopens_at' in before.options, false, 'no new field when hours are off');
    assert.deepEqual(await h.call<BusinessHoursAnswer>(BUSINESS_HOURS_ROUTE, { channel_id: channel.id }, { cookie: admin }), { channel_id: channel.id, hours: null });

    const saved = await h.call<BusinessHoursAnswer>(SET_BUSINESS_HOURS_ROUTE, { channel_id: channel.id, hours: weekdays('Europe/Paris', ['2026-12-25', '2026-05-01']) }, { cookie: admin });
    assert.deepEqual(saved.hours?.closed_dates, ['2026-05-01', '2026-12-25'], 'stored in order');
    const closed = await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id });
    assert.equal(closed.available_for_me, false, 'Friday 18:00 in Paris, the operator online');
    assert.equal(closed.options?.reopens_at, Date.parse('2026-03-30T07:00:00Z'), 'Monday 09:00, summer time');
    assert.equal(await h.call(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'Visitor' }), false);
    assert.deepEqual(await h.call<ClosedChannel[]>(CLOSED_CHANNELS_ROUTE, {}, { cookie }), [{ channel_id: channel.id, name: channel.name, reopens_at: Date.parse('2026-03-30T07:00:00Z') }]);

    cookie = await at(h, '2026-03-30T07:00:00Z', op);
    admin = await h.login('admin', ADMIN_PASSWORD);
    assert.equal((await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, true, 'open on Monday morning');
    assert.deepEqual(await h.call<ClosedChannel[]>(CLOSED_CHANNELS_ROUTE, {}, { cookie }), []);

    await h.call(SET_BUSINESS_HOURS_ROUTE, { channel_id: channel.id, hours: null }, { cookie: admin });
    await at(h, '2026-04-04T12:00:00Z', op);
    assert.equal((await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, true, 'removed: open on Saturday');
  });

  it('operators still answer a conversation opened before closing time; a new one waits for the hours', async () => {
    const op = await h.channelWithOperator();
    const { channel } = op;
    await at(h, '2026-10-30T20:50:00Z', op);
    const admin = await h.login('admin', ADMIN_PASSWORD);
    await h.call(SET_BUSINESS_HOURS_ROUTE, { channel_id: channel.id, hours: weekdays('America/New_York') }, { cookie: admin });
    const session = await h.call<{ id: number; uuid: string }>(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'Visitor' });
    assert.ok(session, 'open at 16:50 in New York');
    const cookie = await at(h, '2026-10-30T21:30:00Z', op);
    const init = await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id });
    assert.equal(init.available_for_me, false);
    assert.equal(init.options?.reopens_at, Date.parse('2026-11-02T14:00:00Z'), 'Monday 09:00 EST, after the first Sunday of November');
    assert.equal(typeof (await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Still there?' })), 'number', 'the visitor’s open conversation goes on');
    assert.equal(typeof (await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'Yes, one moment.' }, { cookie })), 'number', 'the operator answers');
    assert.equal(await h.call(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'Visitor' }), false);
  });

  it('the offline form’s channel shows its form, with the reopening time', async () => {
    const op = await h.channelWithOperator();
    const { channel } = op;
    await h.app.store.updateChannel(channel.id, { offline_mode: 'message_form' });
    await at(h, '2027-03-13T03:00:00Z', op);
    const admin = await h.login('admin', ADMIN_PASSWORD);
    await h.call(SET_BUSINESS_HOURS_ROUTE, { channel_id: channel.id, hours: weekdays('America/New_York') }, { cookie: admin });
    const init = await h.call<InitResult>(INIT_ROUTE, { channel_id: channel.id });
    assert.equal(init.options?.offline_mode, 'message_form');
    assert.equal(init.options?.reopens_at, Date.parse('2027-03-15T13:00:00Z'), 'Monday 09:00 EDT, after the second Sunday of March');
  });

  it('only administrators read and set hours; another channel’s operators do not see it closed', async () => {
    h.clock.current = Date.parse('2027-06-05T12:00:00Z');
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const a = await h.channelWithOperator();
    const b = await h.channelWithOperator();
    for (const [route, params] of [
      [BUSINESS_HOURS_ROUTE, { channel_id: a.channel.id }],
      [SET_BUSINESS_HOURS_ROUTE, { channel_id: a.channel.id, hours: null }],
    ] as const) {
      assert.equal((await h.rpc(route, params, { cookie: a.cookie })).body.error?.data.exception_type, 'access_error', route);
      assert.ok((await h.rpc(route, params)).body.error, `${route} without a session`);
    }
    await h.call(SET_BUSINESS_HOURS_ROUTE, { channel_id: a.channel.id, hours: weekdays('Europe/Paris') }, { cookie: admin });
    assert.deepEqual(await h.call<ClosedChannel[]>(CLOSED_CHANNELS_ROUTE, {}, { cookie: b.cookie }), [], 'b is no operator of a');
    assert.ok((await h.call<ClosedChannel[]>(CLOSED_CHANNELS_ROUTE, {}, { cookie: admin })).some((c) => c.channel_id === a.channel.id));
    assert.equal((await h.rpc(BUSINESS_HOURS_ROUTE, { channel_id: 999_999 }, { cookie: admin })).body.error?.data.exception_type, 'missing_error');
    await h.call(SET_BUSINESS_HOURS_ROUTE, { channel_id: a.channel.id, hours: null }, { cookie: admin });
  });

  it('refuses malformed, oversized and hostile schedules, storing nothing', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const { channel } = await h.channelWithOperator();
    h.clock.current += 5 * 60_000;
    const ok = weekdays('Europe/Paris');
    const day = (ranges: unknown[]) => ({ ...ok, week: [ranges, [], [], [], [], [], []] });
    const bad: unknown[] = [
      { ...ok, time_zone: 'Mars/Olympus' },
      { ...ok, time_zone: 'Europe/Paris\u0000' },
      { ...ok, time_zone: 'x'.repeat(65) },
      { ...ok, time_zone: 42 },
      { ...ok, week: ok.week.slice(1) },
      { ...ok, week: [...ok.week, []] },
      day(Array.from({ length: 5 }, (_, i) => ({ start: `1${i}:00`, end: `1${i}:30` }))),
      day([{ start: '9:00', end: '17:00' }]),
      day([{ start: '25:00', end: '26:00' }]),
      day([{ start: '12:00', end: '11:00' }]),
      day([{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }]),
      day([{ start: '09:00', end: '17:00', extra: 1 }]),
      day(['09:00-17:00']),
      { ...ok, closed_dates: Array.from({ length: 367 }, (_, i) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10)) },
      { ...ok, closed_dates: ['2026-02-30'] },
      { ...ok, closed_dates: ['2026-1-3'] },
      { ...ok, closed_dates: ['2026-01-03', '2026-01-03'] },
      { ...ok, open: true },
      'always',
    ];
    for (const hours of bad) {
      const { body } = await h.rpc(SET_BUSINESS_HOURS_ROUTE, { channel_id: channel.id, hours }, { cookie: admin });
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(hours).slice(0, 120));
    }
    for (const channel_id of ['1; drop table channel_business_hours', 1.5, -1, null]) {
      assert.equal((await h.rpc(SET_BUSINESS_HOURS_ROUTE, { channel_id, hours: ok }, { cookie: admin })).body.error?.data.exception_type, 'validation_error', String(channel_id));
    }
    const hostile = `{"jsonrpc":"2.0","id":1,"params":{"channel_id":${channel.id},"hours":{"__proto__":{"open":true},"time_zone":"UTC","week":[[],[],[],[],[],[],[]],"closed_dates":[]}}}`;
    const res = await h.app.inject({ method: 'POST', url: SET_BUSINESS_HOURS_ROUTE, headers: { cookie: admin, 'content-type': 'application/json' }, payload: hostile });
    assert.ok(res.statusCode !== 200 || (res.json() as { error?: unknown }).error !== undefined, 'a prototype key is refused');
    assert.deepEqual(await h.call<BusinessHoursAnswer>(BUSINESS_HOURS_ROUTE, { channel_id: channel.id }, { cookie: admin }), { channel_id: channel.id, hours: null }, 'nothing refused was stored');
  });
});
