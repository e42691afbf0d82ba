/** The wake-up index: a waiter that arms again from inside its wake-up is woken once per event. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { BusPublisherEvents } from '../../../../src/server/core/bus/publisher.js';
import { Wakeups, type Waiter, type WakeReason } from '../../../../src/server/core/bus/wakeups.js';

// Like a held poll whose read finds nothing new: every wake-up arms it again for the rest of its hold.
class Rearming implements Waiter {
  tick = 0;
  armed = false;
  readonly woken_: WakeReason[] = [];
  constructor(
    readonly wakeups: Wakeups,
    readonly channels: readonly string[],
  ) {}
  woken(reason: WakeReason): void {
    this.woken_.push(reason);
    if (reason === 'published') this.wakeups.add(this, 10_000);
  }
}

test('one publish on two of its channels, or one wake-all, wakes a re-arming waiter once', () => {
  const events = new EventEmitter<BusPublisherEvents>();
  const wakeups = new Wakeups(events);
  const waiter = new Rearming(wakeups, ['a', 'b']);
  const other = new Rearming(wakeups, ['c']);
  wakeups.add(waiter, 10_000);
  wakeups.add(other, 10_000);
  events.emit('published', ['a', 'b']);
  assert.deepEqual(waiter.woken_, ['published']);
  assert.deepEqual(other.woken_, []);
  events.emit('wake', 'all');
  assert.deepEqual(waiter.woken_, ['published', 'published']);
  assert.deepEqual(other.woken_, ['published']);
  assert.equal(wakeups.size, 2, 'both armed again');
  wakeups.dispose();
  assert.deepEqual(waiter.woken_.at(-1), 'closed');
  assert.equal(wakeups.size, 0);
});

test('removing a waiter forgets it without waking it; adding it while stopping ends it at once', () => {
  const events = new EventEmitter<BusPublisherEvents>();
  const wakeups = new Wakeups(events);
  const waiter = new Rearming(wakeups, ['a']);
  wakeups.add(waiter, 10_000);
  assert.equal(wakeups.remove(waiter), true);
  assert.equal(wakeups.remove(waiter), false);
  events.emit('published', ['a']);
  assert.deepEqual(waiter.woken_, []);
  wakeups.dispose();
  wakeups.add(waiter, 10_000);
  assert.deepEqual(waiter.woken_, ['closed']);
  assert.equal(wakeups.size, 0);
});
