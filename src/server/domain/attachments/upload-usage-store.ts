/** Bytes of files stored per key and UTC day: the upload budgets' tallies (README "Security → Limits"). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';

/** One budget to charge: the key's total of the day may not pass `budget` bytes. */
export interface UsageBudget {
  key: string;
  budget: number;
}

/** Daily byte tallies shared by every server process on one database. */
export interface UploadUsageStore {
  /** Bytes counted under each key on `day` (0 for a key without a row). */
  used(keys: readonly string[], day: number): Promise<Map<string, number>>;
  /**
   * Adds `bytes` to every key's total of `day`, all or none: the key of the first budget it would pass,
   * or undefined once added. Concurrent uploads are counted one after the other, so none slips past.
   */
  reserve(budgets: readonly UsageBudget[], day: number, bytes: number): Promise<string | undefined>;
  /** Gives back bytes reserved for an upload that was not stored after all. */
  release(keys: readonly string[], day: number, bytes: number): Promise<void>;
  /** Deletes the tallies of days before `day`. */
  prune(day: number): Promise<void>;
}

class OverBudget extends Error {
  constructor(readonly key: string) {
    super(`over the budget of ${key}`);
  }
}

/** The Kysely implementation of {@link UploadUsageStore}. */
export class UploadUsageQueries implements UploadUsageStore {
  constructor(private readonly db: Kysely<Database>) {}

  async used(keys: readonly string[], day: number): Promise<Map<string, number>> {
    const totals = new Map(keys.map((k) => [k, 0]));
    if (keys.length === 0) return totals;
    const rows = await this.db.selectFrom('upload_usage').select(['key', 'bytes']).where('day', '=', day).where('key', 'in', [...keys]).execute();
    for (const row of rows) totals.set(row.key, Number(row.bytes));
    return totals;
  }

  async reserve(budgets: readonly UsageBudget[], day: number, bytes: number): Promise<string | undefined> {
    // Rows are locked in one order by every caller, so two uploads charging the same keys never deadlock.
    const ordered = [...budgets].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const { key, budget } of ordered) {
          const row = await trx
            .insertInto('upload_usage')
            .values({ key, day, bytes })
            .onConflict((oc) => oc.columns(['key', 'day']).doUpdateSet({ bytes: sql<number>`upload_usage.bytes + ${bytes}` }))
            .returning('bytes')
            .executeTakeFirstOrThrow();
          if (Number(row.bytes) > budget) throw new OverBudget(key);
        }
      });
      return undefined;
    } catch (err) {
      if (err instanceof OverBudget) return err.key;
      throw err;
    }
  }

  async release(keys: readonly string[], day: number, bytes: number): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .updateTable('upload_usage')
      .set({ bytes: sql<number>`bytes - ${bytes}` })
      .where('day', '=', day)
      .where('key', 'in', [...keys])
      .execute();
  }

  async prune(day: number): Promise<void> {
    await this.db.deleteFrom('upload_usage').where('day', '<', day).execute();
  }
}
