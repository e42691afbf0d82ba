/** The search routes' parameters and answers (console/search.ts) as JSON Schemas (TypeBox), every field bounded. */
import Type, { type Static } from 'typebox';
import { CONVERSATION_STATUSES } from '../conversation-status.js';
import { SEARCH_LIMITS } from '../console/search.js';
import { ERROR_MESSAGES, Id, OneOf, Text } from './params.js';

/** Latest date a filter may name: year 9999 (ms since the epoch). */
const DATE_MAX = 253_402_300_799_999;
const DateMs = (description: string) =>
  Type.Integer({ minimum: 0, maximum: DATE_MAX, description, [ERROR_MESSAGES]: { default: '{key} must be a time in milliseconds since 1970' } });

/** `search`: the query, optional filters (each left out filters nothing) and the page. */
export const SearchParams = Type.Object({
  query: Text(SEARCH_LIMITS.queryMax, { minLength: 1, description: `Words to find, 1 to ${SEARCH_LIMITS.queryMax} characters; every word must match the start of a word` }),
  status: Type.Optional(OneOf(CONVERSATION_STATUSES, 'status must be "open", "waiting", "snoozed" or "resolved"')),
  channel_id: Type.Optional(Id({ description: 'Only this channel’s conversations' })),
  operator_id: Type.Optional(Id({ description: 'Only conversations this operator took part in' })),
  tag_id: Type.Optional(Id({ description: 'Only conversations carrying this tag' })),
  from: Type.Optional(DateMs('Only what was written at or after this time')),
  to: Type.Optional(DateMs('Only what was written before this time')),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SEARCH_LIMITS.pageMax, description: `Hits per page, at most ${SEARCH_LIMITS.pageMax} (the default)` })),
  cursor: Type.Optional(Text(64, { description: 'The `next_cursor` of the previous page' })),
});
export type SearchParams = Static<typeof SearchParams>;

const SnippetSchema = Type.Object({
  text: Type.String(),
  marks: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
});

/** One hit. */
export const SearchHitSchema = Type.Object({
  session_id: Type.Integer(),
  channel_id: Type.Integer(),
  kind: Type.Union([Type.Literal('message'), Type.Literal('note'), Type.Literal('visitor'), Type.Literal('tag')]),
  item_id: Type.Union([Type.Integer(), Type.Null()]),
  date: Type.Integer(),
  author: Type.String(),
  visitor_label: Type.String(),
  status: Type.Enum([...CONVERSATION_STATUSES]),
  snippet: SnippetSchema,
});

/** A page of hits. */
export const SearchResultSchema = Type.Object({ hits: Type.Array(SearchHitSchema), next_cursor: Type.Union([Type.String(), Type.Null()]) });

const OptionSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/** The filters' choices. */
export const SearchFilterOptionsSchema = Type.Object({ channels: Type.Array(OptionSchema), operators: Type.Array(OptionSchema), tags: Type.Array(OptionSchema) });
