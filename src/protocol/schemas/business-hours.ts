/**
 * The business hours' route contracts (protocol/business-hours.ts): parameters with bounds on every
 * field, and the answers the server serialises by. What a schema cannot say (a known zone, end after
 * start, no overlap, real dates) is `hoursProblem`'s.
 */
import Type, { type Static } from 'typebox';
import { CLOSED_DATES_MAX, DATE_PATTERN, RANGES_PER_DAY_MAX, TIME_OF_DAY_PATTERN, TIME_ZONE_MAX, WEEKDAYS } from '../business-hours.js';
import { ERROR_MESSAGES, Id } from './params.js';

const TimeOfDay = Type.Unsafe<string>({
  type: 'string',
  maxLength: 5,
  pattern: TIME_OF_DAY_PATTERN,
  description: 'HH:MM, 24-hour clock (24:00 ends a day)',
  [ERROR_MESSAGES]: { default: 'A time must read HH:MM (00:00 to 24:00)' },
});

const TimeRangeSchema = Type.Object({ start: TimeOfDay, end: TimeOfDay }, { additionalProperties: false });

/** A schedule. */
export const BusinessHoursSchema = Type.Object(
  {
    time_zone: Type.Unsafe<string>({
      type: 'string',
      minLength: 1,
      maxLength: TIME_ZONE_MAX,
      pattern: '^[A-Za-z0-9_+\\-/]+$',
      description: 'An IANA time zone, such as Europe/Paris',
      [ERROR_MESSAGES]: { default: 'The time zone must be an IANA name such as Europe/Paris' },
    }),
    week: Type.Array(Type.Array(TimeRangeSchema, { maxItems: RANGES_PER_DAY_MAX, description: `At most ${RANGES_PER_DAY_MAX} ranges a day` }), {
      minItems: WEEKDAYS.length,
      maxItems: WEEKDAYS.length,
      description: 'Seven days, Monday first',
    }),
    closed_dates: Type.Array(
      Type.Unsafe<string>({ type: 'string', maxLength: 10, pattern: DATE_PATTERN, description: 'YYYY-MM-DD', [ERROR_MESSAGES]: { default: 'A closed date must read YYYY-MM-DD' } }),
      { maxItems: CLOSED_DATES_MAX, description: `At most ${CLOSED_DATES_MAX} dates` },
    ),
  },
  { additionalProperties: false },
);

/** `business_hours`. */
export const OnChannelHoursParams = Type.Object({ channel_id: Id() });
export type OnChannelHoursParams = Static<typeof OnChannelHoursParams>;

/** `set_business_hours`: the schedule, or null to remove it. */
export const SetBusinessHoursParams = Type.Object({
  channel_id: Id(),
  hours: Type.Union([BusinessHoursSchema, Type.Null()], { description: 'The schedule; null: no hours (open whenever someone is online)' }),
});
export type SetBusinessHoursParams = Static<typeof SetBusinessHoursParams>;

/** The admin routes' answer. */
export const BusinessHoursAnswerSchema = Type.Object({ channel_id: Type.Integer(), hours: Type.Union([BusinessHoursSchema, Type.Null()]) });

/** `closed_channels`' answer. */
export const ClosedChannelsSchema = Type.Array(Type.Object({ channel_id: Type.Integer(), name: Type.String(), reopens_at: Type.Union([Type.Integer(), Type.Null()]) }));
