import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../engine.js';
import { types } from './column-types.js';

/**
 * Reports at scale (issue 27), the administrator's overview: `report_daily_channel` holds a few hundred
 * rows per channel and day (a count per duration bucket), so thirty days of ten channels, twice for the
 * comparison, was some 360,000 rows to add up. `report_weekly_channel` keeps the same counts per ISO week
 * (`week`: its Monday), kept by the same writers; a period reads its whole weeks there and only the days
 * at either end from the daily rows. The key puts the basis before the time, so a wall-clock overview
 * never reads the business-hours rows.
 */
export function reportsWeeklyTotals(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('report_weekly_channel')
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('basis', 'text', (c) => c.notNull())
        .addColumn('week', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('n', t.millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('report_weekly_channel_pk', ['channel_id', 'basis', 'week', 'metric', 'bucket'])
        .$call((b) => (engine === 'sqlite' ? b.modifyEnd(sql`WITHOUT ROWID`) : b))
        .execute();
      await fillWeeklyTotals(db, engine);
    },
  };
}

/** Sums the daily channel totals into weeks (the migration, and the bench after it seeds the daily rows). */
export async function fillWeeklyTotals(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const monday =
    engine === 'sqlite'
      ? sql`date(day, '-' || ((CAST(strftime('%w', day) AS INTEGER) + 6) % 7) || ' days')`
      : sql`to_char(date_trunc('week', CAST(day AS date)), 'YYYY-MM-DD')`;
  await sql`INSERT INTO report_weekly_channel (channel_id, basis, week, metric, bucket, n)
    SELECT channel_id, basis, ${monday}, metric, bucket, SUM(n) FROM report_daily_channel GROUP BY channel_id, basis, ${monday}, metric, bucket`.execute(db);
}
