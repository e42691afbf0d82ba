/** Settings of a {@link BatchedLookup}. */
export interface BatchedLookupOptions<K, V> {
  /** Reads the rows of `keys` in one query (missing keys simply have no row). */
  fetch: (keys: K[]) => Promise<V[]>;
  /** The key a fetched row answers. */
  keyOf: (row: V) => K;
  /** Most keys in one query. */
  maxBatch?: number;
}

/** Default {@link BatchedLookupOptions.maxBatch}. */
export const DEFAULT_LOOKUP_BATCH = 256;

interface Waiting<V> {
  resolve: (row: V | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * Lookups by key that arrive in the same event-loop turn share one query (the read-side twin of the
 * bus's group commit): on PostgreSQL every query is a round trip, and a busy server reading one row per
 * request spends more time waking the database than asking it anything (issue 8 "Throughput").
 *
 * A lookup never joins a query already sent: that query may have started before a write the caller
 * has just seen committed, so each batch is a fresh query, and batches may run side by side. Every
 * caller gets its own copy of the row.
 */
export class BatchedLookup<K, V extends object> {
  readonly #fetch: (keys: K[]) => Promise<V[]>;
  readonly #keyOf: (row: V) => K;
  readonly #maxBatch: number;
  #pending = new Map<K, Waiting<V>[]>();
  #scheduled = false;

  constructor(options: BatchedLookupOptions<K, V>) {
    this.#fetch = options.fetch;
    this.#keyOf = options.keyOf;
    this.#maxBatch = options.maxBatch ?? DEFAULT_LOOKUP_BATCH;
  }

  /** The row of `key`, or undefined when there is none. */
  get(key: K): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      const waiting = this.#pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else this.#pending.set(key, [{ resolve, reject }]);
      if (this.#scheduled) return;
      // After the current I/O phase, so every request read in this turn joins the same query.
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        this.#flush();
      });
    });
  }

  #flush(): void {
    const pending = this.#pending;
    this.#pending = new Map();
    const keys = [...pending.keys()];
    for (let i = 0; i < keys.length; i += this.#maxBatch) {
      const batch = keys.slice(i, i + this.#maxBatch);
      void this.#run(batch, pending);
    }
  }

  async #run(keys: K[], pending: Map<K, Waiting<V>[]>): Promise<void> {
    let rows: V[];
    try {
      rows = await this.#fetch(keys);
    } catch (err) {
      // One bad key must not fail the requests that only shared its query: each key is asked alone,
      // and only the keys that fail on their own get the error.
      if (keys.length > 1) {
        await Promise.all(keys.map((key) => this.#run([key], pending)));
        return;
      }
      for (const key of keys) for (const w of pending.get(key) ?? []) w.reject(err);
      return;
    }
    const byKey = new Map<K, V>();
    for (const row of rows) byKey.set(this.#keyOf(row), row);
    for (const key of keys) {
      const row = byKey.get(key);
      for (const w of pending.get(key) ?? []) w.resolve(row === undefined ? undefined : { ...row });
    }
  }
}
