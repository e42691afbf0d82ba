/** The fault run's own parts (test/chaos): its schedule is the seed's, and its checker sees each kind of anomaly. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReaders, checkService } from '../chaos/checker.js';
import { Reader, type Delivery } from '../chaos/readers.js';
import { faultSchedule, parseOptions } from '../chaos/schedule.js';
import { Timeline } from '../chaos/timeline.js';
import type { Post } from '../chaos/workload.js';

const post = (author: string, seq: number, sessionId: number, ackedId: number | undefined): Post => ({
  author,
  seq,
  token: `tok-${author}-${seq}-abcdef`,
  key: `key-${author}-${seq}-0123456789`,
  sessionId,
  attempts: [{ at: seq * 100, server: 'A', outcome: ackedId === undefined ? 'timeout' : `id ${ackedId}` }],
  ...(ackedId === undefined ? {} : { ackedId, ackedAt: seq * 100 + 10 }),
});

const reader = (sessionIds: number[] | undefined, received: [Post, number][]): Reader => {
  const r = new Reader('reader', ['channel'], sessionIds && new Set(sessionIds), 0, undefined);
  r.deliveries.push(
    ...received.map(([p, nid]): Delivery => ({ nid, messageId: p.ackedId ?? 0, token: p.token, author: p.author, seq: p.seq, at: nid })),
  );
  return r;
};

test('the schedule is the seed’s: the same faults at the same times, every 2 to 9 s, one immediate restart at most', () => {
  const options = parseOptions(['--minutes', '3', '--seed', '7']);
  const schedule = faultSchedule(options);
  assert.deepEqual(faultSchedule(parseOptions(['--minutes=3', '--seed=7'])), schedule);
  assert.notDeepEqual(faultSchedule({ ...options, seed: 8 }), schedule);
  const gaps = schedule.map((f, i) => f.at - (schedule[i - 1]?.at ?? 0));
  assert.ok(gaps.every((g) => g >= 2000 && g <= 9000), String(gaps));
  assert.ok(schedule.at(-1)!.at <= 180_000);
  const only = faultSchedule(parseOptions(['--seed', '7', '--only', 'pg-immediate,listen']));
  assert.equal(only.filter((f) => f.kind === 'pg-immediate').length, 1);
  assert.ok(only.every((f) => f.kind === 'pg-immediate' || f.kind === 'listen'));
  assert.throws(() => parseOptions(['--only', 'kill,reboot']), /unknown fault kind/);
});

test('readers: nothing reported for a clean run; lost, duplicate and reordered posts are', () => {
  const timeline = new Timeline();
  const [a1, a2, b1] = [post('v01', 1, 1, 11), post('v01', 2, 1, 12), post('v02', 1, 2, 13)];
  assert.deepEqual(checkReaders([reader([1], [[a1!, 1], [a2!, 2]]), reader(undefined, [[a1!, 1], [a2!, 2], [b1!, 3]])], [a1!, a2!, b1!], timeline), []);

  const kinds = (readers: Reader[]): string[] => checkReaders(readers, [a1!, a2!, b1!], timeline).map((a) => `${a.kind}: ${a.summary}`);
  assert.deepEqual(kinds([reader([1], [[a1!, 1]])]), ['lost: reader never received tok-v01-2-abcdef (acknowledged as id 12)']);
  assert.match(kinds([reader([1], [[a1!, 1], [a1!, 2], [a2!, 3]])]).join(), /duplicate: reader received tok-v01-1-abcdef twice/);
  assert.match(kinds([reader([1], [[a1!, 5], [a2!, 4]])]).join(), /reordered: reader received notification 4/);
  assert.match(kinds([reader([1], [[a2!, 1], [a1!, 2]])]).join(), /reordered: reader received v01's post 1 after its post 2/);
});

test('service: a post never answered and an exit the harness did not cause are anomalies', () => {
  const timeline = new Timeline();
  const anomalies = checkService([post('op', 1, 1, undefined), post('op', 2, 1, 5)], [{ at: 10, slot: 'B', pid: 42, code: 1, signal: null, output: 'boom' }], timeline);
  assert.deepEqual(
    anomalies.map((a) => a.kind),
    ['unacknowledged', 'unplanned exit'],
  );
  assert.ok(anomalies[1]!.timeline.includes('boom'));
});
