/** Issue 27: the duration buckets keep the error README "Reports" states; periods and their previous ones. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BUCKET_MAX, bucketOf, bucketValue, percentile } from '../../../../src/server/features/reports/buckets.js';
import { periodsOf } from '../../../../src/server/features/reports/overview.js';

describe('duration buckets', () => {
  it('read back within 5 % above one second, within half a second below', () => {
    for (let ms = 0; ms < 1000; ms += 7) assert.ok(Math.abs(bucketValue(bucketOf(ms)) - ms) <= 500, `${ms} ms`);
    for (let ms = 1000; ms < 40 * 86_400_000; ms = Math.ceil(ms * 1.013)) {
      const read = bucketValue(bucketOf(ms));
      assert.ok(Math.abs(read - ms) / ms <= 0.05, `${ms} ms reads ${read}`);
    }
    assert.equal(bucketOf(-5), 0);
    assert.ok(bucketOf(Number.MAX_SAFE_INTEGER) <= BUCKET_MAX, "the largest duration has a bucket");
  });

  it('take the nearest-rank median and p90', () => {
    const counts = new Map<number, number>();
    for (const s of [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]) counts.set(bucketOf(s * 1000), (counts.get(bucketOf(s * 1000)) ?? 0) + 1);
    assert.equal(percentile(counts, 0.5), bucketValue(bucketOf(50_000)));
    assert.equal(percentile(counts, 0.9), bucketValue(bucketOf(90_000)));
    assert.equal(percentile(new Map(), 0.5), null);
  });
});

describe('report periods', () => {
  it('end today, and the previous period is as long, just before', () => {
    assert.deepEqual(periodsOf('today', '2024-03-01', {}), { current: { from: '2024-03-01', to: '2024-03-01' }, previous: { from: '2024-02-29', to: '2024-02-29' } });
    assert.deepEqual(periodsOf('7d', '2024-03-01', {}), { current: { from: '2024-02-24', to: '2024-03-01' }, previous: { from: '2024-02-17', to: '2024-02-23' } });
    assert.deepEqual(periodsOf('30d', '2024-03-01', {})?.previous, { from: '2024-01-02', to: '2024-01-31' });
    assert.deepEqual(periodsOf('custom', '2024-03-01', { from: '2023-12-30', to: '2024-01-02' })?.previous, { from: '2023-12-26', to: '2023-12-29' });
  });

  it('refuse a custom period out of bounds or of unreal dates', () => {
    assert.equal(periodsOf('custom', '2024-03-01', { from: '2024-01-02' }), undefined);
    assert.equal(periodsOf('custom', '2024-03-01', { from: '2024-01-02', to: '2024-01-01' }), undefined);
    assert.equal(periodsOf('custom', '2024-03-01', { from: '2022-01-01', to: '2024-01-01' }), undefined);
    assert.equal(periodsOf('custom', '2024-03-01', { from: '2024-02-30', to: '2024-03-02' }), undefined);
  });
});
