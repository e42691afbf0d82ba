/**
 * Durations within business hours (issue 27): the open part of a span, across a closed night, a closed
 * date, a weekend and both daylight-saving changes of Europe/Paris.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { BusinessHours } from '../../../../src/protocol/business-hours.js';
import { openMillisBetween } from '../../../../src/server/domain/channels/index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function everyDay(start: string, end: string, extra: Partial<BusinessHours> = {}): BusinessHours {
  return { time_zone: 'Europe/Paris', week: Array.from({ length: 7 }, () => [{ start, end }]), closed_dates: [], ...extra };
}

describe('open milliseconds between two instants', () => {
  it('counts only the open ranges across a closed night', () => {
    const hours = everyDay('09:00', '17:00');
    // Tuesday 14 May 2024, 16:50 Paris (UTC+2) → Wednesday 09:10.
    assert.equal(openMillisBetween(hours, Date.UTC(2024, 4, 14, 14, 50), Date.UTC(2024, 4, 15, 7, 10)), 20 * MINUTE);
    assert.equal(openMillisBetween(hours, Date.UTC(2024, 4, 14, 7, 0), Date.UTC(2024, 4, 16, 15, 0)), 3 * 8 * HOUR, 'three whole days');
    assert.equal(openMillisBetween(hours, Date.UTC(2024, 4, 14, 16, 0), Date.UTC(2024, 4, 14, 20, 0)), 0, 'all of it after closing');
    assert.equal(openMillisBetween(hours, Date.UTC(2024, 4, 14, 10, 0), Date.UTC(2024, 4, 14, 9, 0)), 0, 'an empty span');
  });

  it('skips closed dates and closed weekdays', () => {
    const hours: BusinessHours = { ...everyDay('09:00', '17:00', { closed_dates: ['2024-05-15'] }), week: [0, 1, 2, 3, 4].map(() => [{ start: '09:00', end: '17:00' }]).concat([[], []]) };
    // Tuesday 16:00 → Thursday 10:00: one hour Tuesday, Wednesday closed, one hour Thursday.
    assert.equal(openMillisBetween(hours, Date.UTC(2024, 4, 14, 14, 0), Date.UTC(2024, 4, 16, 8, 0)), 2 * HOUR);
    // Friday 16:00 → Monday 10:00: the weekend counts nothing.
    assert.equal(openMillisBetween(hours, Date.UTC(2024, 4, 17, 14, 0), Date.UTC(2024, 4, 20, 8, 0)), 2 * HOUR);
  });

  it('follows the clock over the spring change: 01:00–04:00 lasts two hours that night', () => {
    const hours = everyDay('01:00', '04:00');
    // 30 March 23:30 UTC (00:30 CET) → 31 March 03:00 UTC (05:00 CEST).
    const from = Date.UTC(2024, 2, 30, 23, 30);
    const to = Date.UTC(2024, 2, 31, 3, 0);
    assert.equal(to - from, 3.5 * HOUR);
    assert.equal(openMillisBetween(hours, from, to), 2 * HOUR);
  });

  it('follows the clock over the autumn change: 01:00–04:00 lasts four hours that night', () => {
    const hours = everyDay('01:00', '04:00');
    // 26 October 22:30 UTC (00:30 CEST) → 27 October 04:00 UTC (05:00 CET).
    assert.equal(openMillisBetween(hours, Date.UTC(2024, 9, 26, 22, 30), Date.UTC(2024, 9, 27, 4, 0)), 4 * HOUR);
  });

  it('a range ending at midnight closes at the next day’s start', () => {
    const hours = everyDay('20:00', '24:00');
    assert.equal(openMillisBetween(hours, Date.UTC(2024, 4, 14, 19, 0), Date.UTC(2024, 4, 14, 23, 0)), 3 * HOUR, '21:00 → 24:00 Paris, then closed until 20:00');
    assert.equal(openMillisBetween({ ...hours, week: Array.from({ length: 7 }, () => []) }, 0, HOUR), 0, 'no ranges, never open');
  });
});
