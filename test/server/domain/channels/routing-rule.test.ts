/**
 * Issue 26, the routing rule: capacity excludes, the previous operator first (as long as they have
 * room), then the visitor's language, then the most free capacity, ties at random; and fairness over
 * 1,000 simulated arrivals to 5 equal operators, with and without conversations ending.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { freeCapacities, pickOperator } from '../../../../src/server/domain/channels/index.js';
import type { AvailableOperator } from '../../../../src/server/domain/store/store.js';

function op(id: number, load: number, capacity: number | null = null, languages: string[] = []): AvailableOperator {
  return { id, display_name: `Operator ${id}`, load, capacity, languages };
}

/** A reproducible random in [0, 1) (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('routing rule', () => {
  it('nobody online, or everyone at capacity or excluded: nobody', () => {
    assert.equal(pickOperator([]), undefined);
    assert.equal(pickOperator([op(1, 2, 2), op(2, 5, 3)]), undefined, 'at or over capacity');
    assert.equal(pickOperator([op(1, 0), op(2, 0)], { exclude: new Set([1, 2]) }), undefined);
  });

  it('an operator at capacity receives nothing, even as the previous operator or the only speaker', () => {
    const full = op(1, 3, 3, ['fr']);
    assert.equal(pickOperator([full, op(2, 9)], { previousOperatorId: 1, language: 'fr' })?.id, 2);
    assert.equal(pickOperator([full, op(2, 0, 1)], { previousOperatorId: 1 })?.id, 2);
  });

  it('the previous operator is chosen while they have room, even when others have more', () => {
    const candidates = [op(1, 4, 5, ['en']), op(2, 0, 5, ['fr']), op(3, 0)];
    assert.equal(pickOperator(candidates, { previousOperatorId: 1, language: 'fr' }, () => 0.99)?.id, 1);
    assert.equal(pickOperator(candidates, { previousOperatorId: 1, exclude: new Set([1]) })?.id !== 1, true, 'unless excluded');
    assert.equal(pickOperator(candidates, { previousOperatorId: 42 }, () => 0)?.id, 2, 'an unknown previous operator only loses the preference');
  });

  it('then one who speaks the visitor’s language, whatever the others’ room; any tag’s primary subtag counts', () => {
    const candidates = [op(1, 0, 10, ['en']), op(2, 8, 10, ['de', 'fr']), op(3, 0)];
    assert.equal(pickOperator(candidates, { language: 'fr' })?.id, 2);
    assert.equal(pickOperator(candidates, { language: 'FR_be' })?.id, 2);
    assert.equal(pickOperator(candidates, { language: 'fr-CA' })?.id, 2);
    const speakers = [op(1, 3, null, ['fr']), op(2, 1, null, ['fr']), op(3, 0)];
    assert.equal(pickOperator(speakers, { language: 'fr' })?.id, 2, 'the speaker with the most room');
    assert.equal(pickOperator(candidates, { language: 'ja' })?.id !== 2, true, 'nobody speaks it: everyone counts');
    assert.equal(pickOperator(candidates, { language: '??' }, () => 0)?.id, 1, 'a bad tag only loses the preference');
  });

  it('the most free capacity wins; a no-limit operator counts with the largest capacity among them', () => {
    assert.equal(pickOperator([op(1, 5, 10), op(2, 0, 3)])?.id, 1, '5 free beats 3 free');
    assert.equal(pickOperator([op(1, 2), op(2, 1), op(3, 4)])?.id, 2, 'nobody limited: the fewest active conversations (SPEC.md)');
    assert.equal(pickOperator([op(1, 2, 4), op(2, 3)])?.id, 1, 'no limit with 3 counts as 4 − 3 = 1 free, against 2');
    assert.equal(pickOperator([op(1, 3, 4), op(2, 1)])?.id, 2, 'no limit with 1 counts as 3 free, against 1');
    assert.deepEqual(
      [...freeCapacities([op(1, 1, 5), op(2, 2), op(3, 0, 2)])],
      [
        [1, 4],
        [2, 3],
        [3, 2],
      ],
    );
  });

  it('ties are drawn with the random given', () => {
    const candidates = [op(1, 1), op(2, 0), op(3, 0), op(4, 0)];
    assert.equal(pickOperator(candidates, {}, () => 0)?.id, 2);
    assert.equal(pickOperator(candidates, {}, () => 0.5)?.id, 3);
    assert.equal(pickOperator(candidates, {}, () => 0.999)?.id, 4);
    const seen = new Set<number | undefined>();
    const random = seeded(7);
    for (let i = 0; i < 200; i++) seen.add(pickOperator(candidates, {}, random)?.id);
    assert.deepEqual([...seen].sort(), [2, 3, 4], 'every tied operator gets some, the busier one none');
  });
});

describe('routing fairness', () => {
  const OPERATORS = 5;
  const ARRIVALS = 1000;

  function simulate(capacity: number | null, random: () => number, departures: boolean) {
    const open: number[][] = Array.from({ length: OPERATORS }, () => []);
    const gaps: number[] = [];
    let arrivals = 0;
    let refused = 0;
    const gap = () => Math.max(...open.map((o) => o.length)) - Math.min(...open.map((o) => o.length));
    while (arrivals < ARRIVALS) {
      // Conversations end first-started first (they last about as long as each other).
      if (departures && random() < 0.45) {
        const oldest = open.map((o, i) => [o[0] ?? Infinity, i] as const).sort((a, b) => a[0] - b[0])[0];
        if (oldest && oldest[0] !== Infinity) open[oldest[1]]!.shift();
        gaps.push(gap());
        continue;
      }
      arrivals++;
      const candidates = open.map((o, i) => op(i + 1, o.length, capacity));
      const before = gap();
      const chosen = pickOperator(candidates, {}, random);
      if (!chosen) {
        refused++;
        continue;
      }
      const loads = candidates.map((c) => c.load);
      assert.equal(chosen.load, Math.min(...loads), 'each arrival goes to a least-loaded operator');
      open[chosen.id - 1]!.push(arrivals);
      assert.ok(gap() <= Math.max(1, before), 'an arrival never widens the gap');
      gaps.push(gap());
    }
    return { gaps, refused, loads: open.map((o) => o.length) };
  }

  for (const capacity of [null, 1000]) {
    it(`1,000 arrivals over 5 equal operators (capacity ${capacity ?? 'none'}): max − min ≤ 1 at every moment`, () => {
      const { gaps, refused, loads } = simulate(capacity, seeded(26), false);
      assert.equal(refused, 0);
      assert.equal(Math.max(...gaps), 1);
      assert.deepEqual(loads, [200, 200, 200, 200, 200]);
    });
  }

  // A conversation ending at a least-loaded operator widens the gap whatever the rule, so with departures
  // the rule's share is that no arrival widens it (checked in simulate) and arrivals close it again.
  it('with conversations ending too, arrivals never widen the gap and close it again once endings stop', () => {
    for (const seed of [1, 2, 3]) {
      const random = seeded(seed);
      const { gaps, loads } = simulate(null, random, true);
      assert.ok(gaps.length > ARRIVALS, 'departures happened');
      const after = [...loads];
      const enough = OPERATORS * Math.max(...after);
      for (let i = 0; i < enough; i++) {
        const chosen = pickOperator(after.map((n, j) => op(j + 1, n)), {}, random);
        after[chosen!.id - 1]!++;
      }
      assert.ok(Math.max(...after) - Math.min(...after) <= 1, `seed ${seed}: ${after.join(',')}`);
    }
  });

  it('with a capacity, operators fill evenly and arrivals past the total are refused', () => {
    const { loads, refused, gaps } = simulate(3, seeded(5), false);
    assert.deepEqual(loads, [3, 3, 3, 3, 3]);
    assert.equal(refused, ARRIVALS - 15);
    assert.ok(Math.max(...gaps) <= 1);
  });
});
