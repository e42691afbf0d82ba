import {
  BUSINESS_HOURS_ROUTE,
  CLOSED_CHANNELS_ROUTE,
  SET_BUSINESS_HOURS_ROUTE,
  type BusinessHours,
  type BusinessHoursAnswer,
  type ClosedChannel,
} from '../../../protocol/business-hours.js';
import type { OnChannelHoursParams, SetBusinessHoursParams } from '../../../protocol/schemas/business-hours.js';
import type { ChannelSettings } from '../../../protocol/operator-console.js';
import type { OperatorApi } from '../../core/api.js';

/** The business hours' calls (a stand-in in tests). */
export interface HoursApi {
  channels(): Promise<Pick<ChannelSettings, 'id' | 'name'>[]>;
  get(channelId: number): Promise<BusinessHoursAnswer>;
  /** Sets the channel's hours, or with null removes them. */
  set(channelId: number, hours: BusinessHours | null): Promise<BusinessHoursAnswer>;
  /** The caller's channels closed by their hours now. */
  closed(): Promise<ClosedChannel[]>;
}

/** {@link HoursApi} over the console's server. */
export function hoursApi(api: OperatorApi): HoursApi {
  return {
    channels: () => api.channels(),
    get: (channelId) => api.call<BusinessHoursAnswer>(BUSINESS_HOURS_ROUTE, { channel_id: channelId } satisfies OnChannelHoursParams),
    set: (channelId, hours) => api.call<BusinessHoursAnswer>(SET_BUSINESS_HOURS_ROUTE, { channel_id: channelId, hours } satisfies SetBusinessHoursParams),
    // Asked every minute in the background: a failure stays quiet.
    closed: () => api.call<ClosedChannel[]>(CLOSED_CHANNELS_ROUTE, {}, { silent: true }),
  };
}
