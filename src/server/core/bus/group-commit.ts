/** Settings of a {@link GroupCommit}. */
export interface GroupCommitOptions<Job, Result> {
  /**
   * Writes every job of `batch` in one transaction and returns one result per job, in the same order.
   * Throwing fails the whole batch; the jobs are then retried one by one (see {@link GroupCommit}).
   */
  write: (batch: Job[]) => Promise<Result[]>;
  /**
   * Asked, after `write` failed with `err`, whether the batch is stored all the same (the connection
   * failed after COMMIT, so its answer was lost): its results, or undefined when it is not (it is then
   * written again as below). Throwing (the database still cannot say) fails every job with `err`:
   * writing again blindly could store twice.
   */
  recover?: (batch: Job[], err: unknown) => Promise<Result[] | undefined>;
  /** Most jobs in one transaction; keeps the statements far below the engines' parameter limits. */
  maxBatch?: number;
}

/** Default {@link GroupCommitOptions.maxBatch}. */
export const DEFAULT_MAX_BATCH = 128;

interface Pending<Job, Result> {
  job: Job;
  resolve: (result: Result) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit: one writer per process, one transaction at a time, and every job that arrives while a
 * transaction is running goes into the next one. An idle writer starts at the end of the current
 * event-loop turn (no timer, so no added latency at low load); under load the cost of a commit (an
 * fsync, a round trip, the PostgreSQL advisory lock) is shared by the whole batch. Each caller awaits its own result, settled only after the commit.
 *
 * A batch that fails is rolled back as a whole, then its jobs are written again one per transaction, so
 * one bad job (a session deleted meanwhile) fails alone and the others are still written once. A batch
 * whose commit may have happened is first looked up ({@link GroupCommitOptions.recover}), never written
 * twice.
 */
export class GroupCommit<Job, Result> {
  readonly #write: (batch: Job[]) => Promise<Result[]>;
  readonly #recover: GroupCommitOptions<Job, Result>['recover'];
  readonly #maxBatch: number;
  #queue: Pending<Job, Result>[] = [];
  #running = false;
  #scheduled = false;
  #idle: (() => void)[] = [];

  constructor(opts: GroupCommitOptions<Job, Result>) {
    this.#write = opts.write;
    this.#recover = opts.recover;
    this.#maxBatch = opts.maxBatch ?? DEFAULT_MAX_BATCH;
  }

  /** Queues `job`; resolves with its result once its transaction committed. */
  submit(job: Job): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      if (this.#running || this.#scheduled) return;
      // Started after the current I/O phase, not at once: every request read in this event-loop turn
      // (with SQLite the whole write is synchronous, so nothing else could join a running batch) goes
      // into this first transaction. Costs microseconds at low load.
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        void this.#drain();
      });
    });
  }

  /** Resolves once nothing is queued or being written (server shutdown waits for it). */
  whenIdle(): Promise<void> {
    if (!this.#running && !this.#scheduled && this.#queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  async #drain(): Promise<void> {
    this.#running = true;
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#maxBatch);
      await this.#commit(batch);
    }
    this.#running = false;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  async #commit(batch: Pending<Job, Result>[]): Promise<void> {
    try {
      const results = await this.#write(batch.map((p) => p.job));
      batch.forEach((p, i) => p.resolve(results[i] as Result));
      return;
    } catch (err) {
      if (await this.#settledAfterFailure(batch, err)) return;
    }
    for (const p of batch) {
      try {
        const [result] = await this.#write([p.job]);
        p.resolve(result as Result);
      } catch (err) {
        p.reject(err);
      }
    }
  }

  /** Settles the failed `batch` when it is found stored, or cannot be retried; false when it is to be retried job by job. */
  async #settledAfterFailure(batch: Pending<Job, Result>[], err: unknown): Promise<boolean> {
    let results: Result[] | undefined;
    try {
      results = await this.#recover?.(batch.map((p) => p.job), err);
    } catch {
      for (const p of batch) p.reject(err);
      return true;
    }
    if (results) {
      batch.forEach((p, i) => p.resolve(results[i] as Result));
      return true;
    }
    if (batch.length > 1) return false;
    batch[0]!.reject(err);
    return true;
  }
}
