/* eslint-disable @typescript-eslint/no-explicit-any -- the dataset layer addresses tables and columns
   chosen at run time from the allow-list below; Kysely's static types cannot follow that, so builders are
   typed `any` here and every table or column name comes from this file, never from a request. */
import type { Expression, ExpressionBuilder, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import { InvalidParamError } from '../../core/rpc/errors.js';
import { serverDate, readableConversations } from '../../domain/conversations/index.js';
import { CHANNEL_SETTING_WRITERS, ONLINE_WINDOW_MS } from '../../domain/channels/index.js';
import type { OperatorRow } from '../../core/db/tables.js';
import type { DomainOperator, DomainValue } from './domain.js';

/** What a field's value means, for converting domain values and reading rows. */
export type FieldKind = 'int' | 'text' | 'date' | 'm2o';

/** Request-wide facts a model needs: who asks and when. */
export interface DatasetContext {
  operator: OperatorRow;
  now: number;
}

/** One exposed field: its SQL column (from this file only) and how it reads. */
export interface FieldSpec {
  kind: FieldKind;
  /** Column for filters and ordering; absent for computed, read-only fields. */
  column?: string;
  /** Aliased columns the base query must select for this field. */
  select: Record<string, string>;
  read(row: Record<string, unknown>, ctx: DatasetContext): unknown;
  /** A custom filter for derived fields. */
  filter?(eb: ExpressionBuilder<any, any>, op: DomainOperator, value: DomainValue): Expression<SqlBool>;
  /** Checks and converts a value written through `write`; absent means read-only. */
  write?(value: unknown): unknown;
}

/** One exposed model. */
export interface ModelSpec {
  name: string;
  fields: Record<string, FieldSpec>;
  defaultFields: string[];
  base(db: Kysely<any>): SelectQueryBuilder<any, any, any>;
  /** Row-level rights: the rows this operator may see (undefined = all). */
  scope(eb: ExpressionBuilder<any, any>, ctx: DatasetContext): Expression<SqlBool> | undefined;
  /** Table and id column for `write`; writes are for admins only. */
  writeTable?: { table: string; idColumn: string; column(field: string): string };
}

/** A field read straight from one column. */
export const plain = (kind: FieldKind, column: string, alias: string): FieldSpec => ({
  kind,
  column,
  select: { [alias]: column },
  read: (r) => (kind === 'date' ? (r[alias] === null ? false : serverDate(Number(r[alias]))) : (r[alias] ?? false)),
});

const m2o = (column: string, idRef: string, nameRef: string, alias: string): FieldSpec => ({
  kind: 'm2o',
  column,
  select: { [`${alias}__id`]: idRef, [`${alias}__name`]: nameRef },
  read: (r) => (r[`${alias}__id`] === null || r[`${alias}__id`] === undefined ? false : [Number(r[`${alias}__id`]), String(r[`${alias}__name`] ?? '')]),
});

function myChannels(eb: ExpressionBuilder<any, any>, ctx: DatasetContext) {
  return eb.selectFrom('channel_operator').select('channel_id').where('operator_id', '=', ctx.operator.id);
}

/** Rows of the conversations (table alias `session`) the operator may read: the console's one rule. */
export function conversationsOfMine(session: 't' | 's', sessionId: string | null = `${session}.id`): ModelSpec['scope'] {
  return (eb, ctx) => readableConversations(eb, ctx.operator, session, sessionId);
}

const channelModel: ModelSpec = {
  name: 'im_livechat.channel',
  defaultFields: ['id', 'name', 'button_text', 'default_message', 'input_placeholder', 'rule_action', 'auto_popup_timer', 'rule_url_pattern'],
  fields: {
    id: plain('int', 't.id', 'id'),
    name: { ...plain('text', 't.name', 'name'), write: CHANNEL_SETTING_WRITERS.name },
    button_text: { ...plain('text', 't.button_text', 'button_text'), write: CHANNEL_SETTING_WRITERS.button_text },
    default_message: { ...plain('text', 't.default_message', 'default_message'), write: CHANNEL_SETTING_WRITERS.default_message },
    input_placeholder: { ...plain('text', 't.input_placeholder', 'input_placeholder'), write: CHANNEL_SETTING_WRITERS.input_placeholder },
    button_background_color: { ...plain('text', 't.button_background_color', 'button_background_color'), write: CHANNEL_SETTING_WRITERS.button_background_color },
    button_text_color: { ...plain('text', 't.button_text_color', 'button_text_color'), write: CHANNEL_SETTING_WRITERS.button_text_color },
    header_background_color: { ...plain('text', 't.header_background_color', 'header_background_color'), write: CHANNEL_SETTING_WRITERS.header_background_color },
    title_color: { ...plain('text', 't.title_color', 'title_color'), write: CHANNEL_SETTING_WRITERS.title_color },
    rule_action: {
      ...plain('text', 't.rule_action', 'rule_action'),
      write: CHANNEL_SETTING_WRITERS.rule_action,
    },
    auto_popup_timer: {
      ...plain('int', 't.auto_popup_timer', 'auto_popup_timer'),
      write: CHANNEL_SETTING_WRITERS.auto_popup_timer,
    },
    rule_url_pattern: {
      ...plain('text', 't.rule_url_pattern', 'rule_url_pattern'),
      write: CHANNEL_SETTING_WRITERS.rule_url_pattern,
    },
    prechat_form: {
      ...plain('text', 't.prechat_form', 'prechat_form'),
      write: CHANNEL_SETTING_WRITERS.prechat_form,
    },
    visitor_uploads: { ...plain('int', 't.visitor_uploads', 'visitor_uploads'), write: CHANNEL_SETTING_WRITERS.visitor_uploads },
    visitor_upload_max_bytes: {
      ...plain('int', 't.visitor_upload_max_bytes', 'visitor_upload_max_bytes'),
      write: CHANNEL_SETTING_WRITERS.visitor_upload_max_bytes,
    },
    visitor_upload_types: {
      ...plain('text', 't.visitor_upload_types', 'visitor_upload_types'),
      write: CHANNEL_SETTING_WRITERS.visitor_upload_types,
    },
    offline_mode: {
      ...plain('text', 't.offline_mode', 'offline_mode'),
      write: CHANNEL_SETTING_WRITERS.offline_mode,
    },
    offline_text: { ...plain('text', 't.offline_text', 'offline_text'), write: CHANNEL_SETTING_WRITERS.offline_text },
    missed_after_seconds: {
      ...plain('int', 't.missed_after_seconds', 'missed_after_seconds'),
      write: CHANNEL_SETTING_WRITERS.missed_after_seconds,
    },
    retention_days: {
      ...plain('int', 't.retention_days', 'retention_days'),
      write: CHANNEL_SETTING_WRITERS.retention_days,
    },
    queue_limit: { ...plain('int', 't.queue_limit', 'queue_limit'), write: CHANNEL_SETTING_WRITERS.queue_limit },
    create_date: plain('date', 't.created_at', 'create_date'),
  },
  base: (db) => db.selectFrom('livechat_channel as t'),
  scope: (eb, ctx) => (ctx.operator.is_admin ? undefined : eb('t.id', 'in', myChannels(eb, ctx))),
  writeTable: { table: 'livechat_channel', idColumn: 'id', column: (f) => f },
};

const sessionModel: ModelSpec = {
  name: 'mail.channel',
  defaultFields: ['id', 'name', 'anonymous_name', 'livechat_channel_id', 'livechat_operator_id', 'state', 'create_date'],
  fields: {
    id: plain('int', 't.id', 'id'),
    name: plain('text', 't.name', 'name'),
    anonymous_name: plain('text', 't.anonymous_name', 'anonymous_name'),
    livechat_channel_id: m2o('t.channel_id', 'c.id', 'c.name', 'livechat_channel_id'),
    livechat_operator_id: m2o('t.operator_id', 'o.id', 'o.display_name', 'livechat_operator_id'),
    create_date: plain('date', 't.created_at', 'create_date'),
    close_date: plain('date', 't.closed_at', 'close_date'),
    state: {
      kind: 'text',
      select: { state__closed: 't.closed_at' },
      read: (r) => (r.state__closed === null ? 'open' : 'closed'),
      filter: (eb, op, value) => {
        if ((op !== '=' && op !== '!=') || (value !== 'open' && value !== 'closed')) throw new InvalidParamError('state can only be compared with = or != to "open" or "closed"');
        const open = (value === 'open') === (op === '=');
        return eb('t.closed_at', open ? 'is' : 'is not', null);
      },
    },
    page_history: {
      kind: 'text',
      select: { page_history: 't.page_history' },
      read: (r) => (typeof r.page_history === 'string' ? (JSON.parse(r.page_history) as unknown) : []),
    },
  },
  // An offline message has no operator until one answers it.
  base: (db) => db.selectFrom('visitor_session as t').innerJoin('livechat_channel as c', 'c.id', 't.channel_id').leftJoin('operator as o', 'o.id', 't.operator_id'),
  scope: conversationsOfMine('t'),
};

const messageModel: ModelSpec = {
  name: 'mail.message',
  defaultFields: ['id', 'body', 'date', 'author_id', 'res_id', 'message_type'],
  fields: {
    id: plain('int', 't.id', 'id'),
    body: plain('text', 't.body', 'body'),
    date: plain('date', 't.created_at', 'date'),
    res_id: plain('int', 't.session_id', 'res_id'),
    message_type: plain('text', 't.message_type', 'message_type'),
    author_id: {
      kind: 'm2o',
      column: 't.author_operator_id',
      select: { author__id: 'o.id', author__name: 'o.display_name', author__anon: 's.anonymous_name' },
      read: (r) => (r.author__id === null ? [0, String(r.author__anon ?? '')] : [Number(r.author__id), String(r.author__name ?? '')]),
    },
  },
  base: (db) => db.selectFrom('message as t').innerJoin('visitor_session as s', 's.id', 't.session_id').leftJoin('operator as o', 'o.id', 't.author_operator_id'),
  scope: conversationsOfMine('s'),
};

const ratingModel: ModelSpec = {
  name: 'rating.rating',
  defaultFields: ['id', 'rating', 'feedback', 'res_id', 'livechat_channel_id', 'create_date'],
  fields: {
    id: plain('int', 't.id', 'id'),
    rating: plain('int', 't.rate', 'rating'),
    feedback: plain('text', 't.reason', 'feedback'),
    res_id: plain('int', 't.session_id', 'res_id'),
    livechat_channel_id: m2o('s.channel_id', 'c.id', 'c.name', 'livechat_channel_id'),
    rated_partner_id: m2o('s.operator_id', 'o.id', 'o.display_name', 'rated_partner_id'),
    create_date: plain('date', 't.created_at', 'create_date'),
    write_date: plain('date', 't.updated_at', 'write_date'),
  },
  base: (db) =>
    db
      .selectFrom('rating as t')
      .innerJoin('visitor_session as s', 's.id', 't.session_id')
      .innerJoin('livechat_channel as c', 'c.id', 's.channel_id')
      .innerJoin('operator as o', 'o.id', 's.operator_id'),
  scope: conversationsOfMine('s'),
};

const userModel: ModelSpec = {
  name: 'res.users',
  defaultFields: ['id', 'name', 'login', 'im_status'],
  fields: {
    id: plain('int', 't.id', 'id'),
    name: plain('text', 't.display_name', 'name'),
    login: plain('text', 't.login', 'login'),
    partner_id: { kind: 'int', column: 't.id', select: { partner_id: 't.id' }, read: (r) => [Number(r.partner_id), ''] },
    im_status: {
      kind: 'text',
      select: { im_status__seen: 't.last_seen' },
      read: (r, ctx) => (r.im_status__seen !== null && Number(r.im_status__seen) >= ctx.now - ONLINE_WINDOW_MS ? 'online' : 'offline'),
    },
  },
  base: (db) => db.selectFrom('operator as t'),
  // Operators see themselves and the operators they share a channel with; admins see everyone.
  scope: (eb, ctx) =>
    ctx.operator.is_admin
      ? undefined
      : eb.or([
          eb('t.id', '=', ctx.operator.id),
          eb('t.id', 'in', eb.selectFrom('channel_operator as co').select('co.operator_id').where('co.channel_id', 'in', myChannels(eb, ctx))),
        ]),
};

/** Every model the dataset routes expose; anything else is refused. */
export const MODELS: Record<string, ModelSpec> = Object.fromEntries(
  [channelModel, sessionModel, messageModel, ratingModel, userModel].map((m) => [m.name, m]),
);
