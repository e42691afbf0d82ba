/** The business hours' table (`channel_business_hours`, migration 0023) and its queries, for both engines. */
import type { Kysely } from 'kysely';
import type { Database } from '../../core/db/tables.js';
import type { BusinessHours, TimeRange } from '../../../protocol/business-hours.js';

/** One channel's stored schedule. */
export interface BusinessHoursTable {
  channel_id: number;
  time_zone: string;
  week: string;
  closed_dates: string;
  updated_at: number;
}

// A type alias, not an interface: `withTables` wants an index-signature-compatible record.
type HoursDatabase = {
  channel_business_hours: BusinessHoursTable;
};

/** A stored schedule as the feature uses it. */
function fromRow(row: Pick<BusinessHoursTable, 'time_zone' | 'week' | 'closed_dates'>): BusinessHours {
  return { time_zone: row.time_zone, week: JSON.parse(row.week) as TimeRange[][], closed_dates: JSON.parse(row.closed_dates) as string[] };
}

/** Channels' schedules (`Kysely` over the app's database). */
export class KyselyBusinessHoursStore {
  private readonly db: Kysely<Database & HoursDatabase>;

  constructor(handle: Kysely<Database>) {
    this.db = handle.withTables<HoursDatabase>();
  }

  /** The channel's schedule; undefined when it has none. */
  async get(channelId: number): Promise<BusinessHours | undefined> {
    const row = await this.db.selectFrom('channel_business_hours').select(['time_zone', 'week', 'closed_dates']).where('channel_id', '=', channelId).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** The schedules of these channels, by channel id (channels without one left out). */
  async many(channelIds: readonly number[]): Promise<Map<number, BusinessHours>> {
    if (channelIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('channel_business_hours')
      .select(['channel_id', 'time_zone', 'week', 'closed_dates'])
      .where('channel_id', 'in', [...channelIds])
      .execute();
    return new Map(rows.map((r) => [r.channel_id, fromRow(r)]));
  }

  /** Stores the channel's schedule in place of any earlier one. */
  async set(channelId: number, hours: BusinessHours, now: number): Promise<void> {
    const values = { time_zone: hours.time_zone, week: JSON.stringify(hours.week), closed_dates: JSON.stringify(hours.closed_dates), updated_at: now };
    await this.db
      .insertInto('channel_business_hours')
      .values({ channel_id: channelId, ...values })
      .onConflict((oc) => oc.column('channel_id').doUpdateSet(values))
      .execute();
  }

  /** Removes the channel's schedule: it is open whenever someone is online again. */
  async remove(channelId: number): Promise<void> {
    await this.db.deleteFrom('channel_business_hours').where('channel_id', '=', channelId).execute();
  }
}
