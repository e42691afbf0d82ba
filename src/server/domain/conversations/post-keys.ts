/**
 * Remembers keyed chat posts for a while, so that a post the widget sends again (its answer was lost,
 * SPEC.md §8 "Failed message post") is stored once and answered with the first message's id.
 * The memory is per process and covers posts still in flight; the message table keeps the key too, so a
 * retry that reaches another process finds the stored message (routes/widget.ts).
 */
export class PostKeys {
  readonly #posts = new Map<string, { id: Promise<number | false>; at: number }>();

  constructor(
    /** How long a key is remembered; the widget retries at once, a visitor by hand within minutes. */
    private readonly ttlMs = 15 * 60_000,
    /** Keys kept at most, oldest forgotten first, so a flood of posts cannot grow memory without bound. */
    private readonly max = 50_000,
  ) {}

  /** The answer of the post already made with `key` in that session, or `post()`'s, remembered. */
  once(sessionId: number, key: string, now: number, post: () => Promise<number | false>): Promise<number | false> {
    this.#forgetOld(now);
    const name = `${sessionId}:${key}`;
    const known = this.#posts.get(name);
    if (known) return known.id;
    const id = post();
    this.#posts.set(name, { id, at: now });
    // A post that failed stored nothing: its retry must be free to try again.
    id.then(
      (answer) => {
        if (answer === false) this.#posts.delete(name);
      },
      () => this.#posts.delete(name),
    );
    return id;
  }

  /** Number of keys remembered. */
  get size(): number {
    return this.#posts.size;
  }

  #forgetOld(now: number): void {
    for (const [name, entry] of this.#posts) {
      if (now - entry.at < this.ttlMs && this.#posts.size <= this.max) return;
      this.#posts.delete(name);
    }
  }
}
