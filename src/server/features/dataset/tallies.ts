import { serverDate } from '../../domain/conversations/index.js';
import { conversationsOfMine, plain, type FieldSpec, type ModelSpec } from './dataset-model-store.js';

/** A filter-only reference to a record id (the tallies keep ids, not names). */
const idColumn = (column: string): FieldSpec => ({ kind: 'm2o', column, select: {}, read: () => false });

const day: FieldSpec = { kind: 'date', column: 't.day', select: { day: 't.day' }, read: (r) => serverDate(Number(r.day)) };

/**
 * What the statistics still count of conversations the retention job deleted (retention/retention-store.ts):
 * conversations per UTC day, ratings per value. Each stands in for one `read_group` of its model; a domain
 * may only name the fields the tallies keep (days, channels, operators, rates), with the same rights.
 */
const TALLIES: Record<string, { groupby: string; model: ModelSpec }> = {
  'mail.channel': {
    groupby: 'create_date:day',
    model: {
      name: 'mail.channel',
      defaultFields: [],
      fields: { create_date: day, livechat_channel_id: idColumn('t.channel_id'), livechat_operator_id: idColumn('t.operator_id') },
      base: (db) => db.selectFrom('conversation_tally as t').where('t.kind', '=', 'conversation'),
      scope: conversationsOfMine('t', null),
    },
  },
  'rating.rating': {
    groupby: 'rating',
    model: {
      name: 'rating.rating',
      defaultFields: [],
      fields: { rating: plain('int', 't.value', 'rating'), create_date: day, livechat_channel_id: idColumn('t.channel_id'), rated_partner_id: idColumn('t.operator_id') },
      base: (db) => db.selectFrom('conversation_tally as t').where('t.kind', '=', 'rating'),
      scope: conversationsOfMine('t', null),
    },
  },
};

/** The tally model that completes `read_group` of `modelName` by `groupby`, if deleted rows are counted for it. */
export function tallyFor(modelName: string, groupby: unknown): ModelSpec | undefined {
  const tally = Object.hasOwn(TALLIES, modelName) ? TALLIES[modelName] : undefined;
  return tally && tally.groupby === groupby ? tally.model : undefined;
}
