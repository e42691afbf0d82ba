/** Channels' business-hours schedules as stored, for readers outside the business-hours feature (reports). */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';
import type { BusinessHours, TimeRange } from '../../../protocol/business-hours.js';

// A type alias, not an interface: `withTables` wants an index-signature-compatible record.
type HoursDatabase = {
  channel_business_hours: { channel_id: number; time_zone: string; week: string; closed_dates: string };
};

/** The schedules of `channelIds` that have one (read in the caller's transaction when given one). */
export async function channelBusinessHoursOf(db: Kysely<Database>, channelIds: number[]): Promise<Map<number, BusinessHours>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .withTables<HoursDatabase>()
    .selectFrom('channel_business_hours')
    .select(['channel_id', 'time_zone', 'week', 'closed_dates'])
    .where('channel_id', 'in', channelIds)
    .execute();
  return new Map(rows.map((row) => [Number(row.channel_id), { time_zone: row.time_zone, week: JSON.parse(row.week) as TimeRange[][], closed_dates: JSON.parse(row.closed_dates) as string[] }]));
}

/** The channel's schedule; undefined without one. */
export async function channelBusinessHours(db: Kysely<Database>, channelId: number): Promise<BusinessHours | undefined> {
  return (await channelBusinessHoursOf(db, [channelId])).get(channelId);
}
