import type { FastifyInstance } from 'fastify';
import {
  BUSINESS_HOURS_ROUTE,
  CLOSED_CHANNELS_ROUTE,
  SET_BUSINESS_HOURS_ROUTE,
  hoursProblem,
  minutesOf,
  type BusinessHours,
  type BusinessHoursAnswer,
  type ClosedChannel,
} from '../../../protocol/business-hours.js';
import { BusinessHoursAnswerSchema, ClosedChannelsSchema, OnChannelHoursParams, SetBusinessHoursParams } from '../../../protocol/schemas/business-hours.js';
import { NoParams } from '../../../protocol/schemas/console-params.js';
import { InvalidParamError } from '../../core/rpc/errors.js';
import { toId } from '../../core/schemas/params.js';
import { ChannelNotFoundError, adminOnly } from '../../domain/operators/index.js';
import { KyselyBusinessHoursStore } from './business-hours-store.js';
import { gateOf } from '../../domain/channels/index.js';

/** Calls of these routes an address may make a minute. */
export const HOURS_CALLS_PER_MINUTE = 60;
/** Changes of hours an administrator may make a minute. */
export const HOURS_CHANGES_PER_MINUTE = 20;

/** The schedule as stored: each day's ranges and the closed dates in order, copied field by field. */
function normalised(hours: BusinessHours): BusinessHours {
  return {
    time_zone: hours.time_zone,
    week: hours.week.map((ranges) => ranges.map((r) => ({ start: r.start, end: r.end })).sort((a, b) => minutesOf(a.start) - minutesOf(b.start))),
    closed_dates: [...hours.closed_dates].sort(),
  };
}

/**
 * Business hours (issue 26). Registers the channel open gate that keeps a channel closed outside its
 * hours (init, get_session and the loader's re-check follow it), and its routes:
 * - `admin/business_hours` {channel_id} → {channel_id, hours} (administrators);
 * - `admin/set_business_hours` {channel_id, hours | null} → the same (administrators);
 * - `closed_channels` {} → the caller's channels closed by their hours now, with their reopening time.
 */
export async function businessHoursRoutes(app: FastifyInstance): Promise<void> {
  const hoursStore = new KyselyBusinessHoursStore(app.database.db);
  const requireAdmin = adminOnly(app);
  const config = { rateLimit: { max: HOURS_CALLS_PER_MINUTE, timeWindow: 60_000 } };

  app.availability.gates.add(async (channelId, now) => {
    const hours = await hoursStore.get(channelId);
    return hours ? gateOf(hours, now) : { open: true };
  });

  const existingChannel = async (rawId: number | string): Promise<number> => {
    const channel = await app.store.getChannel(toId(rawId));
    if (!channel) throw new ChannelNotFoundError();
    return channel.id;
  };

  app.rpc(
    BUSINESS_HOURS_ROUTE,
    { summary: 'A channel’s business hours; null when it has none', params: OnChannelHoursParams, result: BusinessHoursAnswerSchema, authorize: requireAdmin, config },
    async (params): Promise<BusinessHoursAnswer> => {
      const channelId = await existingChannel(params.channel_id);
      return { channel_id: channelId, hours: (await hoursStore.get(channelId)) ?? null };
    },
  );

  app.rpc(
    SET_BUSINESS_HOURS_ROUTE,
    { summary: 'Sets a channel’s business hours, or removes them with null', params: SetBusinessHoursParams, result: BusinessHoursAnswerSchema, authorize: requireAdmin, config },
    async (params, request): Promise<BusinessHoursAnswer> => {
      const admin = await requireAdmin(request);
      await app.limits.take(`operator:hours:${admin.id}`, HOURS_CHANGES_PER_MINUTE, 60_000);
      const channelId = await existingChannel(params.channel_id);
      if (params.hours === null) {
        await hoursStore.remove(channelId);
      } else {
        const problem = hoursProblem(params.hours);
        if (problem !== undefined) throw new InvalidParamError(problem);
        await hoursStore.set(channelId, normalised(params.hours), app.clock.now());
      }
      // Init answers from memory for a few seconds: the new hours apply from the next call.
      app.availability.forget();
      return { channel_id: channelId, hours: (await hoursStore.get(channelId)) ?? null };
    },
  );

  app.rpc(
    CLOSED_CHANNELS_ROUTE,
    { summary: 'The operator’s channels closed by their business hours now', params: NoParams, result: ClosedChannelsSchema, authorize: (request) => app.requireOperator(request), config },
    async (_params, request): Promise<ClosedChannel[]> => {
      const operator = await app.requireOperator(request);
      const all = await app.store.listChannels();
      const ids = operator.is_admin ? undefined : new Set(await app.store.operatorChannelIds(operator.id));
      const mine = ids ? all.filter((c) => ids.has(c.id)) : all;
      const schedules = await hoursStore.many(mine.map((c) => c.id));
      const now = app.clock.now();
      return mine.flatMap((c) => {
        const hours = schedules.get(c.id);
        const gate = hours ? gateOf(hours, now) : { open: true as const };
        return gate.open ? [] : [{ channel_id: c.id, name: c.name, reopens_at: gate.reopensAt ?? null }];
      });
    },
  );
}
