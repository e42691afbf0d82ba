/** The reports' wire shapes as JSON Schemas (issue 27); the types the clients use are in ../console/reports.ts. */
import Type, { type Static, type TSchema } from 'typebox';
import { DATE_PATTERN, TIME_ZONE_MAX } from '../business-hours.js';
import { REPORT_BASES, REPORT_CHANNELS_MAX, REPORT_PERIODS } from '../console/reports.js';
import { ERROR_MESSAGES, Id, OneOf } from './params.js';

const Day = (description: string) =>
  Type.Unsafe<string>({ type: 'string', maxLength: 10, pattern: DATE_PATTERN, description, [ERROR_MESSAGES]: { default: 'A date must read YYYY-MM-DD' } });

/** `reports/overview`: the period, the basis of durations, optionally some channels and the zone "today" is read in. */
export const ReportsOverviewParams = Type.Object(
  {
    period: OneOf(REPORT_PERIODS, 'period must be "today", "7d", "30d" or "custom"'),
    from: Type.Optional(Day('First day of a custom period')),
    to: Type.Optional(Day('Last day of a custom period (inclusive)')),
    basis: Type.Optional(OneOf(REPORT_BASES, 'basis must be "wall" or "business"')),
    channel_ids: Type.Optional(Type.Array(Id(), { maxItems: REPORT_CHANNELS_MAX, description: `At most ${REPORT_CHANNELS_MAX} channels; every channel the caller may see when left out` })),
    time_zone: Type.Optional(
      Type.Unsafe<string>({
        type: 'string',
        minLength: 1,
        maxLength: TIME_ZONE_MAX,
        pattern: '^[A-Za-z0-9_+\\-/]+$',
        description: 'The IANA zone whose date is "today" (UTC when left out)',
        [ERROR_MESSAGES]: { default: 'The time zone must be an IANA name such as Europe/Paris' },
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReportsOverviewParams = Static<typeof ReportsOverviewParams>;

const NullableInt = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);
export const Duration = Type.Object({ count: Type.Integer({ minimum: 0 }), median_ms: NullableInt, p90_ms: NullableInt });
export const Share = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]);

export const Figures: TSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  conversations: Type.Integer({ minimum: 0 }),
  missed: Type.Object({ never_answered: Type.Integer({ minimum: 0 }), nobody_available: Type.Integer({ minimum: 0 }) }),
  first_response: Duration,
  reply: Duration,
  resolution: Duration,
  queue_wait: Duration,
  transfers: Type.Integer({ minimum: 0 }),
  satisfaction: Type.Object({ rated: Type.Integer({ minimum: 0 }), best: Type.Integer({ minimum: 0 }), share: Share, rating_rate: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]) }),
});

/** The answer of `reports/overview`. */
export const ReportsOverviewSchema = Type.Object({
  scope: Type.String(),
  basis: Type.String(),
  channel_ids: Type.Array(Type.Integer()),
  time_zones: Type.Array(Type.String()),
  current: Figures,
  previous: Figures,
});
