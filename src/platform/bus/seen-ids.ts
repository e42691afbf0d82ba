/**
 * Remembers which ids were already handed to consumers, so that a notification received twice (from a
 * replayed poll, a new master re-reading from `last`, or a storage event) is dispatched once. Bounded:
 * ids are monotonic per server, so the oldest entries can be forgotten first.
 */
export class SeenIds<K = number> {
  readonly #ids = new Set<K>();

  /** @param capacity how many ids are remembered before the oldest are forgotten */
  constructor(private readonly capacity = 2000) {}

  /** Records `id`; returns true when it was new (the caller should dispatch it). */
  add(id: K): boolean {
    if (this.#ids.has(id)) return false;
    this.#ids.add(id);
    if (this.#ids.size > this.capacity) {
      const oldest = this.#ids.values().next();
      if (!oldest.done) this.#ids.delete(oldest.value);
    }
    return true;
  }

  /** Whether `id` was recorded and not yet forgotten. */
  has(id: K): boolean {
    return this.#ids.has(id);
  }
}
