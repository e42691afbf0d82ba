import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../engine.js';
import { types } from './column-types.js';

/**
 * Reports (features/reports, issue 27). `report_conversation`: each conversation's state the events need
 * (when it was queued, its first visitor message, the visitor message a reply cycle waits on), gone with
 * the conversation. `report_event`: the events, each with its wall-clock and business-hours durations;
 * no personal data and no foreign key, so retention keeps them. `report_daily`: the aggregates per
 * channel, operator (0: none), local day, figure and basis, durations counted in fixed buckets.
 */
export function reportsEvents(engine: Engine): Migration {
  const t = types(engine);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('report_conversation')
        .addColumn('session_id', 'integer', (c) => c.primaryKey().references('visitor_session.id').onDelete('cascade'))
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.millis, (c) => c.notNull())
        .addColumn('queued_at', t.millis)
        .addColumn('first_visitor_at', t.millis)
        .addColumn('first_reply_at', t.millis)
        .addColumn('pending_since', t.millis)
        .addColumn('rate', 'integer')
        .addColumn('rated_day', 'text')
        .execute();
      await db.schema
        .createTable('report_event')
        .addColumn('id', t.serial, (c) => c.primaryKey())
        .addColumn('session_id', 'integer')
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('operator_id', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('language', 'text')
        .addColumn('at', t.millis, (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('wall_ms', t.millis)
        .addColumn('business_ms', t.millis)
        .execute();
      await db.schema.createIndex('report_event_channel_day_idx').on('report_event').columns(['channel_id', 'day']).execute();
      await db.schema
        .createTable('report_daily')
        .addColumn('channel_id', 'integer', (c) => c.notNull())
        .addColumn('operator_id', 'integer', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('basis', 'text', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('n', t.millis, (c) => c.notNull())
        .addPrimaryKeyConstraint('report_daily_pk', ['channel_id', 'day', 'metric', 'basis', 'operator_id', 'bucket'])
        .execute();
    },
  };
}
