import type { Clock } from '../../../src/platform/time/clock.js';

/** A fake clock: timers run only when the test advances time. */
export class FakeTimers implements Clock {
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
