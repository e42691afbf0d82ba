/** Issue 27: the weeks the overview reads whole, and the days left at either end of a period. */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { cutIntoWeeks, weekOf } from '../../../../src/server/features/reports/weeks.js';

const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

it('names a week by its Monday, across months and years', () => {
  assert.equal(weekOf('2026-11-30'), '2026-11-30', 'a Monday');
  assert.equal(weekOf('2026-11-29'), '2026-11-23', 'a Sunday belongs to the week before');
  assert.equal(weekOf('2027-01-01'), '2026-12-28');
  assert.equal(weekOf('2024-03-31'), '2024-03-25', 'the day of a clock change is a day like another');
});

it('cuts a period into its whole weeks and the days around them', () => {
  assert.deepEqual(cutIntoWeeks('2026-11-01', '2026-11-30'), {
    weeks: { from: '2026-11-02', to: '2026-11-23' },
    days: [
      { from: '2026-11-01', to: '2026-11-01' },
      { from: '2026-11-30', to: '2026-11-30' },
    ],
  });
  assert.deepEqual(cutIntoWeeks('2026-11-23', '2026-11-29'), { weeks: { from: '2026-11-23', to: '2026-11-23' }, days: [] }, 'exactly one week');
  assert.deepEqual(cutIntoWeeks('2026-11-24', '2026-11-30'), { days: [{ from: '2026-11-24', to: '2026-11-30' }] }, 'seven days across two weeks hold no whole one');
  assert.deepEqual(cutIntoWeeks('2026-11-29', '2026-11-29'), { days: [{ from: '2026-11-29', to: '2026-11-29' }] });
  assert.deepEqual(cutIntoWeeks('2026-11-30', '2026-11-29'), { days: [] }, 'an empty period');
});

it('covers every day of any period exactly once', () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 500; i++) {
    const from = shift('2025-01-01', Math.floor(random() * 800));
    const to = shift(from, Math.floor(random() * 120));
    const cut = cutIntoWeeks(from, to);
    const covered: string[] = [];
    for (const d of cut.days) for (let day = d.from; day <= d.to; day = shift(day, 1)) covered.push(day);
    if (cut.weeks) for (let monday = cut.weeks.from; monday <= cut.weeks.to; monday = shift(monday, 7)) for (let k = 0; k < 7; k++) covered.push(shift(monday, k));
    const expected: string[] = [];
    for (let day = from; day <= to; day = shift(day, 1)) expected.push(day);
    assert.deepEqual(covered.sort(), expected, `${from}..${to}`);
    assert.ok(cut.days.length <= 2);
  }
});
