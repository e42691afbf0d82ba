import type { Clock } from '../../../src/platform/time/clock.js';

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
  owner: object;
}

/**
 * A manual clock shared by several simulated tabs. `tab()` gives one tab's view; `kill(view)` drops that
 * tab's timers, as a crashed tab stops running without any `pagehide`.
 */
export class FakeClock {
  #now: number;
  #seq = 0;
  #timers = new Map<number, Timer>();
  #dead = new WeakSet<object>();

  constructor(start = 1_700_000_000_000) {
    this.#now = start;
  }

  get now(): number {
    return this.#now;
  }

  /** A clock for one tab. */
  tab(): Clock & { readonly owner: object } {
    const owner = {};
    return {
      owner,
      now: () => this.#now,
      setTimeout: (fn, ms) => {
        if (this.#dead.has(owner)) return undefined;
        const seq = ++this.#seq;
        this.#timers.set(seq, { at: this.#now + Math.max(0, ms), seq, fn, owner });
        return seq;
      },
      clearTimeout: (handle) => {
        if (typeof handle === 'number') this.#timers.delete(handle);
      },
    };
  }

  /** Stops every timer of one tab for good. */
  kill(view: { owner: object }): void {
    this.#dead.add(view.owner);
    for (const [seq, t] of this.#timers) if (t.owner === view.owner) this.#timers.delete(seq);
  }

  /** Moves time forward by `ms`, running due timers in order and letting promises settle between them. */
  async tick(ms: number): Promise<void> {
    const end = this.#now + ms;
    for (;;) {
      await flush();
      const due = [...this.#timers.values()].filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.#timers.delete(due.seq);
      this.#now = Math.max(this.#now, due.at);
      due.fn();
    }
    this.#now = end;
    await flush();
  }
}

/** Lets pending promise callbacks run. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}
