import { sql, type Kysely, type Migration } from 'kysely';
import type { Engine } from '../engine.js';
import { types } from './column-types.js';

/**
 * Reports at scale (issue 27): a year of a busy site holds millions of `report_daily` rows, most of them
 * per operator, and an administrator's or supervisor's overview summed them all. `report_daily_channel`
 * keeps the same counts with operators added up (the writers change both in one transaction), so a
 * channel's month is a few thousand rows whatever the staff; on SQLite its key holds the count (WITHOUT
 * ROWID), so the sum reads the key alone. An operator's own figures get an index led by the operator.
 */
export function reportsChannelTotals(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('report_daily_channel')
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('basis', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('n', t.millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('report_daily_channel_pk', ['channel_id', 'day', 'basis', 'metric', 'bucket'])
        .$call((b) => (engine === 'sqlite' ? b.modifyEnd(sql`WITHOUT ROWID`) : b))
        .execute();
      await sql`INSERT INTO report_daily_channel (channel_id, day, basis, metric, bucket, n)
        SELECT channel_id, day, basis, metric, bucket, SUM(n) FROM report_daily GROUP BY channel_id, day, basis, metric, bucket`.execute(db);
      await db.schema.createIndex('report_daily_operator_idx').on('report_daily').columns(['operator_id', 'day', 'channel_id', 'basis', 'metric', 'bucket', 'n']).execute();
    },
  };
}
