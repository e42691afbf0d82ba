/** The wire shapes of the reports' breakdowns as JSON Schemas (issue 27); the types are in ../console/reports-breakdown.ts. */
import Type, { type Static } from 'typebox';
import { REPORT_CHANNELS_MAX } from '../console/reports.js';
import { Id } from './params.js';
import { Duration, Figures, Share } from './reports.js';

/** `reports/live`: optionally some channels (every channel the caller may see when left out). */
export const ReportsLiveParams = Type.Object(
  {
    channel_ids: Type.Optional(Type.Array(Id(), { maxItems: REPORT_CHANNELS_MAX, description: `At most ${REPORT_CHANNELS_MAX} channels; every channel the caller may see when left out` })),
  },
  { additionalProperties: false },
);
export type ReportsLiveParams = Static<typeof ReportsLiveParams>;

const Count = Type.Integer({ minimum: 0 });
const Satisfaction = Type.Object({ rated: Count, best: Count, share: Share });
const Period = { scope: Type.String(), basis: Type.String(), channel_ids: Type.Array(Type.Integer()), time_zones: Type.Array(Type.String()), from: Type.String(), to: Type.String() };

/** The answer of `reports/by_operator`. */
export const ReportsByOperatorSchema = Type.Object({
  ...Period,
  operators: Type.Array(
    Type.Object({
      operator_id: Type.Integer(),
      name: Type.String(),
      conversations: Count,
      first_response: Duration,
      resolution: Duration,
      satisfaction: Satisfaction,
      load: Type.Array(Type.Object({ day: Type.String(), conversations: Count, replies: Count })),
    }),
  ),
});

/** The answer of `reports/by_channel`. */
export const ReportsByChannelSchema = Type.Object({
  ...Period,
  channels: Type.Array(Type.Object({ channel_id: Type.Integer(), name: Type.String(), figures: Figures })),
});

/** The answer of `reports/by_tag`. */
export const ReportsByTagSchema = Type.Object({
  ...Period,
  tags: Type.Array(
    Type.Object({ tag_id: Type.Integer(), name: Type.String(), channel_id: Type.Integer(), conversations: Count, first_response: Duration, resolution: Duration, satisfaction: Satisfaction }),
  ),
});

/** The answer of `reports/busiest_hours`. */
export const ReportsBusiestHoursSchema = Type.Object({
  ...Period,
  conversations: Type.Array(Type.Array(Count, { minItems: 24, maxItems: 24 }), { minItems: 7, maxItems: 7 }),
  max: Count,
});

/** The answer of `reports/live`. */
export const ReportsLiveSchema = Type.Object({
  scope: Type.String(),
  now: Type.Integer(),
  channels: Type.Array(
    Type.Object({
      channel_id: Type.Integer(),
      name: Type.String(),
      waiting: Count,
      longest_wait_ms: Type.Union([Count, Type.Null()]),
      open: Count,
      operators: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), load: Count, capacity: Type.Union([Count, Type.Null()]) })),
    }),
  ),
});
