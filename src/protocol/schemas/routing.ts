/**
 * The routing routes' parameters and results (console/routing.ts) as JSON Schemas (TypeBox), every field
 * bounded; the console names their `Static` types with `import type` only.
 */
import Type, { type Static } from 'typebox';
import { CAPACITIES_PER_CALL_MAX, CAPACITY_BOUNDS, LANGUAGE_TAG_MAX, OPERATOR_LANGUAGES_MAX } from '../console/routing.js';
import { ERROR_MESSAGES, Id, Text } from './params.js';

const Languages = Type.Array(Text(LANGUAGE_TAG_MAX, { description: 'A language tag (`fr`, `fr-BE`); only its primary subtag is kept' }), {
  maxItems: OPERATOR_LANGUAGES_MAX,
  description: 'The languages the operator answers in',
  [ERROR_MESSAGES]: { default: `languages must be a list of at most ${OPERATOR_LANGUAGES_MAX} language tags` },
});

const Capacity = Type.Unsafe<number | null>({
  type: ['integer', 'null'],
  minimum: CAPACITY_BOUNDS.min,
  maximum: CAPACITY_BOUNDS.max,
  description: 'Active conversations at once in the channel; null: the channel’s capacity',
  [ERROR_MESSAGES]: { default: `capacity must be a whole number from ${CAPACITY_BOUNDS.min} to ${CAPACITY_BOUNDS.max}, or null for the channel’s` },
});

/** Admin, `operator_routing`: the operator. */
export const OperatorRoutingParams = Type.Object({ operator_id: Id({ description: 'The operator' }) });
export type OperatorRoutingParams = Static<typeof OperatorRoutingParams>;

/** Admin, `set_operator_routing`: what changes; what is left out stays. */
export const SetOperatorRoutingParams = Type.Object({
  operator_id: Id({ description: 'The operator' }),
  languages: Type.Optional(Languages),
  capacities: Type.Optional(
    Type.Array(Type.Object({ channel_id: Id({ description: 'One of the operator’s channels' }), capacity: Capacity }), {
      maxItems: CAPACITIES_PER_CALL_MAX,
      [ERROR_MESSAGES]: { default: `capacities must be a list of at most ${CAPACITIES_PER_CALL_MAX} {channel_id, capacity}` },
    }),
  ),
});
export type SetOperatorRoutingParams = Static<typeof SetOperatorRoutingParams>;

/** `set_languages`: the calling operator's languages. */
export const SetMyLanguagesParams = Type.Object({ languages: Languages });
export type SetMyLanguagesParams = Static<typeof SetMyLanguagesParams>;

/** An operator's routing settings. */
export const OperatorRoutingSchema = Type.Object({
  operator_id: Type.Integer(),
  languages: Type.Array(Type.String()),
  channels: Type.Array(Type.Object({ channel_id: Type.Integer(), capacity: Type.Union([Type.Integer(), Type.Null()]) })),
});

/** The calling operator's languages. */
export const MyLanguagesSchema = Type.Object({ languages: Type.Array(Type.String()) });
