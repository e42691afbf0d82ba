/**
 * Issue 26, business hours: the pure computation of "open at t" and "next opening" through Intl, across
 * daylight-saving changes in two zones (Europe/Paris: last Sundays of March and October; America/New_York:
 * second Sunday of March, first of November), ranges over the gap and the repeated hour, several ranges
 * a day and closed dates.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hoursProblem, type BusinessHours, type TimeRange } from '../../../../src/protocol/business-hours.js';
import { gateOf, instantsOf, isOpenAt, nextOpening } from '../../../../src/server/domain/channels/index.js';

const utc = (iso: string): number => Date.parse(`${iso}Z`);
const iso = (at: number | undefined): string | undefined => (at === undefined ? undefined : new Date(at).toISOString().slice(0, 16));

/** A schedule with `ranges` on the given days (0 Monday … 6 Sunday). */
function schedule(time_zone: string, days: Record<number, TimeRange[]>, closed_dates: string[] = []): BusinessHours {
  return { time_zone, week: Array.from({ length: 7 }, (_, i) => days[i] ?? []), closed_dates };
}
const nineToFive = (zone: string, closed: string[] = []) => schedule(zone, Object.fromEntries([0, 1, 2, 3, 4].map((d) => [d, [{ start: '09:00', end: '17:00' }]])), closed);

describe('business hours across daylight saving, Europe/Paris', () => {
  const paris = nineToFive('Europe/Paris');

  it('09:00 is 08:00 UTC in winter and 07:00 UTC in summer', () => {
    assert.equal(isOpenAt(paris, utc('2026-03-23T07:59')), false);
    assert.equal(isOpenAt(paris, utc('2026-03-23T08:00')), true);
    assert.equal(isOpenAt(paris, utc('2026-03-30T06:59')), false);
    assert.equal(isOpenAt(paris, utc('2026-03-30T07:00')), true);
    assert.equal(isOpenAt(paris, utc('2026-10-26T07:30')), false, 'winter again after the last Sunday of October');
    assert.equal(isOpenAt(paris, utc('2026-10-26T08:00')), true);
  });

  it('Friday evening before each change: the next opening is Monday 09:00 local, on the new offset', () => {
    assert.equal(iso(nextOpening(paris, utc('2026-03-27T17:00'))), '2026-03-30T07:00');
    assert.equal(iso(nextOpening(paris, utc('2026-10-23T16:00'))), '2026-10-26T08:00');
  });

  it('a range starting in the missing hour opens when the clock jumps to 03:00', () => {
    const sunday = schedule('Europe/Paris', { 6: [{ start: '02:30', end: '04:00' }] });
    assert.equal(isOpenAt(sunday, utc('2026-03-29T00:59')), false, '01:59 CET');
    assert.equal(isOpenAt(sunday, utc('2026-03-29T01:00')), true, '03:00 CEST');
    assert.equal(isOpenAt(sunday, utc('2026-03-29T02:00')), false, '04:00 CEST');
    assert.equal(iso(nextOpening(sunday, utc('2026-03-28T12:00'))), '2026-03-29T01:00');
    assert.deepEqual(instantsOf(Date.UTC(2026, 2, 29, 2, 30), 'Europe/Paris').map(iso), ['2026-03-29T01:00']);
  });

  it('a range wholly inside the missing hour does not open that day', () => {
    const sunday = schedule('Europe/Paris', { 6: [{ start: '02:00', end: '02:45' }] });
    assert.equal(iso(nextOpening(sunday, utc('2026-03-28T12:00'))), '2026-04-05T00:00', 'the next Sunday, 02:00 CEST');
  });

  it('a range in the repeated hour is open both times; from between them, the second one is next', () => {
    const sunday = schedule('Europe/Paris', { 6: [{ start: '02:00', end: '02:30' }] });
    assert.equal(isOpenAt(sunday, utc('2026-10-25T00:15')), true, '02:15 CEST');
    assert.equal(isOpenAt(sunday, utc('2026-10-25T00:45')), false, '02:45 CEST');
    assert.equal(isOpenAt(sunday, utc('2026-10-25T01:15')), true, '02:15 CET');
    assert.deepEqual(instantsOf(Date.UTC(2026, 9, 25, 2, 0), 'Europe/Paris').map(iso), ['2026-10-25T00:00', '2026-10-25T01:00']);
    assert.equal(iso(nextOpening(sunday, utc('2026-10-24T12:00'))), '2026-10-25T00:00');
    assert.equal(iso(nextOpening(sunday, utc('2026-10-25T00:45'))), '2026-10-25T01:00');
  });
});

describe('business hours across daylight saving, America/New_York', () => {
  const newYork = nineToFive('America/New_York');

  it('Friday evening before each change: Monday 09:00 local on the new offset', () => {
    assert.equal(iso(nextOpening(newYork, utc('2026-03-06T22:00'))), '2026-03-09T13:00', 'EDT from March 8');
    assert.equal(iso(nextOpening(newYork, utc('2026-10-30T21:00'))), '2026-11-02T14:00', 'EST from November 1');
    assert.equal(isOpenAt(newYork, utc('2026-03-09T12:59')), false);
    assert.equal(isOpenAt(newYork, utc('2026-11-02T13:59')), false);
    assert.equal(isOpenAt(newYork, utc('2026-11-02T14:00')), true);
  });

  it('the gap (02:00 → 03:00) and the repeated 01:00 hour', () => {
    const spring = schedule('America/New_York', { 6: [{ start: '02:00', end: '03:30' }] });
    assert.equal(iso(nextOpening(spring, utc('2026-03-07T12:00'))), '2026-03-08T07:00', '03:00 EDT');
    assert.equal(isOpenAt(spring, utc('2026-03-08T06:59')), false, '01:59 EST');
    const autumn = schedule('America/New_York', { 6: [{ start: '01:00', end: '01:30' }] });
    assert.deepEqual(instantsOf(Date.UTC(2026, 10, 1, 1, 0), 'America/New_York').map(iso), ['2026-11-01T05:00', '2026-11-01T06:00']);
    assert.equal(iso(nextOpening(autumn, utc('2026-11-01T05:40'))), '2026-11-01T06:00', '01:00 EST, the hour again');
    assert.equal(isOpenAt(autumn, utc('2026-11-01T06:10')), true);
  });
});

describe('business hours: ranges, closed dates, no opening', () => {
  it('several ranges a day: closed at lunch, open again at 14:00', () => {
    const split = schedule('Europe/Paris', { 0: [{ start: '09:00', end: '12:00' }, { start: '14:00', end: '18:00' }] });
    assert.equal(isOpenAt(split, utc('2026-06-01T09:59')), true, '11:59 CEST');
    assert.deepEqual(gateOf(split, utc('2026-06-01T10:30')), { open: false, reopensAt: utc('2026-06-01T12:00') });
    assert.equal(iso(nextOpening(split, utc('2026-06-01T16:30'))), '2026-06-08T07:00', 'after the last range: next Monday');
  });

  it('a closed date is a local date: the zone decides which day it is', () => {
    const allDay = schedule('America/New_York', Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, [{ start: '00:00', end: '24:00' }]])), ['2026-12-25']);
    assert.equal(isOpenAt(allDay, utc('2026-12-25T04:00')), true, '24 December, 23:00 in New York');
    assert.equal(isOpenAt(allDay, utc('2026-12-25T05:00')), false, '25 December, 00:00 in New York');
    assert.equal(iso(nextOpening(allDay, utc('2026-12-25T12:00'))), '2026-12-26T05:00');
  });

  it('a closed Monday moves the opening to Tuesday', () => {
    const closed = nineToFive('Europe/Paris', ['2026-06-01']);
    assert.equal(iso(nextOpening(closed, utc('2026-05-29T18:00'))), '2026-06-02T07:00');
  });

  it('a year of closed dates is searched through; no ranges never open', () => {
    const start = Date.UTC(2026, 0, 1);
    const dates = Array.from({ length: 366 }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
    const daily = schedule('UTC', Object.fromEntries([0, 1, 2, 3, 4, 5, 6].map((d) => [d, [{ start: '10:00', end: '11:00' }]])), dates);
    assert.equal(iso(nextOpening(daily, utc('2025-12-31T12:00'))), '2027-01-02T10:00');
    assert.deepEqual(gateOf(schedule('Asia/Tokyo', {}), utc('2026-06-01T00:00')), { open: false });
  });
});

describe('business hours: what a valid schedule is', () => {
  const valid = nineToFive('Europe/Paris');
  it('refuses unknown zones, reversed or overlapping ranges, impossible or repeated dates', () => {
    assert.equal(hoursProblem(valid), undefined);
    assert.match(hoursProblem({ ...valid, time_zone: 'Mars/Olympus' }) ?? '', /Unknown time zone/);
    assert.match(hoursProblem(schedule('UTC', { 2: [{ start: '12:00', end: '12:00' }] })) ?? '', /wednesday: 12:00–12:00 must end after it starts/);
    assert.match(hoursProblem(schedule('UTC', { 0: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }] })) ?? '', /overlaps/);
    assert.match(hoursProblem({ ...valid, closed_dates: ['2026-02-30'] }) ?? '', /Not a date: 2026-02-30/);
    assert.match(hoursProblem({ ...valid, closed_dates: ['2026-02-03', '2026-02-03'] }) ?? '', /twice/);
    assert.match(hoursProblem({ ...valid, week: valid.week.slice(1) }) ?? '', /seven days/);
  });
});
