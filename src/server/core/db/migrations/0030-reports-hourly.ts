import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../engine.js';
import { types } from './column-types.js';

/**
 * Reports' busiest hours (features/reports, issue 27). `report_hourly`: conversations created per channel,
 * operator (0: none), local day and local hour in the channel's zone, kept up as they are created so a
 * heat map sums at most 24 rows a day and never scans the events. The weekday follows from the day.
 */
export function reportsHourly(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('report_hourly')
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('operator_id', 'integer', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('hour', 'integer', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('n', t.millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('report_hourly_pk', ['channel_id', 'day', 'metric', 'operator_id', 'hour'])
        .execute();
    },
  };
}
