import { expect } from '@open-wc/testing';
import { OwnTypingAnnouncer, type TypingTimers } from '../../src/operator/own-typing.js';

/** A fake clock: timers run only when the test advances time. */
class FakeTimers implements TypingTimers {
  current = 1_000_000;
  #next = 1;
  #timers = new Map<number, { at: number; fn: () => void }>();
  now = () => this.current;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.#next++;
    this.#timers.set(id, { at: this.current + ms, fn });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.#timers.delete(handle as number);
  };
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      const due = [...this.#timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.current = due[1].at;
      due[1].fn();
    }
    this.current = end;
  }
}

describe('own typing announcer', () => {
  it('announces at once, throttles to one call per 2.5 s and clears after 5 s without input', () => {
    const timers = new FakeTimers();
    const sent: boolean[] = [];
    const typing = new OwnTypingAnnouncer((v) => sent.push(v), timers);
    typing.input(true);
    typing.input(true);
    expect(sent).to.deep.equal([true]);
    timers.advance(1_000);
    typing.input(false);
    expect(sent, 'a change within 2.5 s waits').to.deep.equal([true]);
    timers.advance(1_500);
    expect(sent).to.deep.equal([true, false]);
    typing.input(true);
    timers.advance(2_500);
    expect(sent).to.deep.equal([true, false, true]);
    timers.advance(5_000);
    expect(sent, 'inactivity ends typing').to.deep.equal([true, false, true, false]);
  });

  it('re-announces every 50 s while typing and stops on send', () => {
    const timers = new FakeTimers();
    const sent: boolean[] = [];
    const typing = new OwnTypingAnnouncer((v) => sent.push(v), timers);
    for (let t = 0; t < 52_000; t += 4_000) {
      typing.input(true);
      timers.advance(4_000);
    }
    expect(sent).to.deep.equal([true, true]);
    typing.sent();
    timers.advance(2_500);
    expect(sent, 'the stop also respects the 2.5 s throttle').to.deep.equal([true, true, false]);
  });
});
