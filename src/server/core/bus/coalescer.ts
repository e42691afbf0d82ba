/** Whether a key may publish now, and if not, in how many milliseconds it may. */
export type Gate = (key: string) => Promise<{ allowed: true } | { allowed: false; retryInMs: number }>;

/**
 * At most one publish per key per gate window, whatever the call rate (issue 11: typing notices and
 * page histories a visitor repeats; the supervision screen's change notices). A value offered while the key is closed is kept, the newest
 * replacing older ones, and published when the window ends, so the last state always arrives
 * (a "stopped typing" after a "typing" is never lost). Pending values are held per key, one each.
 */
export class Coalescer<T> {
  readonly #pending = new Map<string, { value: T; timer: NodeJS.Timeout }>();
  #closed = false;

  constructor(
    private readonly gate: Gate,
    private readonly publish: (key: string, value: T) => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Publishes `value` now when the gate allows it, else once it does. */
  async offer(key: string, value: T): Promise<void> {
    const pending = this.#pending.get(key);
    if (pending) {
      pending.value = value;
      return;
    }
    const open = await this.gate(key);
    if (open.allowed) return this.publish(key, value);
    if (this.#closed || this.#pending.has(key)) {
      const again = this.#pending.get(key);
      if (again) again.value = value;
      return;
    }
    const timer = setTimeout(() => this.#flush(key), Math.max(open.retryInMs, 1));
    timer.unref();
    this.#pending.set(key, { value, timer });
  }

  /** Number of keys waiting for their window (tests check the bound). */
  get waiting(): number {
    return this.#pending.size;
  }

  /** Drops every waiting value (the server is stopping). */
  close(): void {
    this.#closed = true;
    for (const { timer } of this.#pending.values()) clearTimeout(timer);
    this.#pending.clear();
  }

  #flush(key: string): void {
    const pending = this.#pending.get(key);
    this.#pending.delete(key);
    if (!pending || this.#closed) return;
    this.offer(key, pending.value).catch(this.onError);
  }
}

/**
 * A gate kept in this process, on the monotonic clock: for notices whose pace only protects this
 * process's own work, where a shared counter would cost a database write per offer.
 */
export function localGate(windowMs: number, now: () => number = () => performance.now()): Gate {
  const openedAt = new Map<string, number>();
  return async (key) => {
    const t = now();
    const at = openedAt.get(key);
    if (at !== undefined && t - at < windowMs) return { allowed: false, retryInMs: at + windowMs - t };
    openedAt.set(key, t);
    return { allowed: true };
  };
}
