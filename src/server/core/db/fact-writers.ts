import type { Kysely } from 'kysely';
import type { Database } from './tables.js';

/**
 * Fact name → payload. Empty here, like DomainEvents: each module that writes a fact declares it by
 * declaration merging, so core knows no chat word and a writer's payload is typed by the fact's name.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface TransactionFacts {}

/** The emitting transaction, as a writer gets it: only for the queries of a feature's `*-store.ts`. */
export type TransactionHandle = Kysely<Database>;

/** Writes what a fact implies with the emitting transaction's handle; its failure rolls the change back. */
export type FactWriter<K extends keyof TransactionFacts> = (trx: TransactionHandle, fact: TransactionFacts[K]) => Promise<void>;

/**
 * Writers that run inside the transaction of the change that causes a fact, unlike domain events, which
 * run after the commit: a figure derived from the change can then never miss it nor count a change that
 * rolled back. A write with no writer registered for its fact keeps its single statement (see {@link has}).
 */
export class FactWriters {
  readonly #writers = new Map<keyof TransactionFacts, FactWriter<never>[]>();

  /** Adds a writer of `name`; returns what removes it. */
  on<K extends keyof TransactionFacts>(name: K, writer: FactWriter<K>): () => void {
    const added = writer as FactWriter<never>;
    this.#writers.set(name, [...(this.#writers.get(name) ?? []), added]);
    return () => this.#writers.set(name, (this.#writers.get(name) ?? []).filter((w) => w !== added));
  }

  /** Whether a writer listens to `name`: otherwise the change needs no transaction of its own. */
  has(name: keyof TransactionFacts): boolean {
    return (this.#writers.get(name)?.length ?? 0) > 0;
  }

  /** Runs the writers of `name`, in order, with the transaction `trx`; throws what a writer throws. */
  async write<K extends keyof TransactionFacts>(trx: Kysely<Database>, name: K, fact: TransactionFacts[K]): Promise<void> {
    for (const writer of this.#writers.get(name) ?? []) await (writer as FactWriter<K>)(trx, fact);
  }

  /**
   * Runs `change` and the writers of the fact it returns in one transaction; with no writer, runs
   * `change` alone on `db`. `fact` may return undefined when the change changed nothing.
   */
  async inTransaction<T, K extends keyof TransactionFacts>(db: Kysely<Database>, name: K, change: (db: Kysely<Database>) => Promise<T>, fact: (result: T) => TransactionFacts[K] | undefined): Promise<T> {
    if (!this.has(name)) return change(db);
    return db.transaction().execute(async (trx) => {
      const result = await change(trx);
      const payload = fact(result);
      if (payload !== undefined) await this.write(trx, name, payload);
      return result;
    });
  }
}
