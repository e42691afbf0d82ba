/** The breakdowns' pure arithmetic: weekdays of local dates, the heat map's folding, daily loads and tag tallies. */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { heatMap, loadsOf, tagReports, weekdayOf } from '../../../../src/server/features/reports/breakdown.js';
import { localHour } from '../../../../src/server/features/reports/hourly-writers.js';

it('reads a local date’s weekday, Monday first', () => {
  assert.deepEqual(['2024-03-25', '2024-03-30', '2024-03-31', '2024-02-29'].map(weekdayOf), [0, 5, 6, 3]);
});

it('reads the local hour across both daylight-saving changes in New York', () => {
  assert.deepEqual(localHour(Date.UTC(2024, 2, 10, 6, 59), 'America/New_York'), { day: '2024-03-10', hour: 1 });
  assert.deepEqual(localHour(Date.UTC(2024, 2, 10, 7, 0), 'America/New_York'), { day: '2024-03-10', hour: 3 });
  assert.deepEqual(localHour(Date.UTC(2024, 10, 3, 5, 30), 'America/New_York'), { day: '2024-11-03', hour: 1 });
  assert.deepEqual(localHour(Date.UTC(2024, 10, 3, 6, 30), 'America/New_York'), { day: '2024-11-03', hour: 1 }, 'the repeated hour');
});

it('folds days and hours into 7 × 24 cells, ignoring hours out of range', () => {
  const grid = heatMap([
    { day: '2024-03-25', hour: 9, n: 2 },
    { day: '2024-04-01', hour: 9, n: 3 },
    { day: '2024-03-31', hour: 23, n: 1 },
    { day: '2024-03-31', hour: 24, n: 7 },
  ]);
  assert.equal(grid.length, 7);
  assert.equal(grid[0]![9], 5, 'two Mondays add up');
  assert.equal(grid[6]![23], 1);
  assert.equal(grid.flat().reduce((a, b) => a + b, 0), 6);
});

it('gives each operator only its days with a load, oldest first', () => {
  const loads = loadsOf([
    { operator_id: 2, day: '2024-05-02', metric: 'reply', n: 4 },
    { operator_id: 2, day: '2024-05-01', metric: 'conversations', n: 1 },
    { operator_id: 2, day: '2024-05-02', metric: 'conversations', n: 2 },
    { operator_id: 3, day: '2024-05-01', metric: 'conversations', n: 0 },
  ]);
  assert.deepEqual(loads.get(2), [
    { day: '2024-05-01', conversations: 1, replies: 0 },
    { day: '2024-05-02', conversations: 2, replies: 4 },
  ]);
  assert.deepEqual(loads.get(3), []);
});

it('counts a conversation rated twice once under a tag, by its latest rating', () => {
  const base = { tag_id: 1, name: 'billing', channel_id: 9, session_id: 5, ms: null };
  const [tag] = tagReports([
    { ...base, kind: 'created', rate: 5 },
    { ...base, kind: 'rating', rate: 5 },
    { ...base, kind: 'rating', rate: 5 },
    { ...base, kind: 'resolved', ms: 60_000, rate: 5 },
  ]);
  assert.deepEqual(tag?.satisfaction, { rated: 1, best: 1, share: 1 });
  assert.deepEqual([tag?.conversations, tag?.resolution.count, tag?.first_response.count], [1, 1, 0]);
});
