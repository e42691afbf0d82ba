/* eslint-disable @typescript-eslint/no-explicit-any -- see models.ts: builders over allow-listed, run-time
   chosen tables are typed `any`; no name used here comes from a request without being checked against MODELS. */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { InvalidParamError, RpcError } from '../../core/rpc/errors.js';
import type { Database } from '../../core/db/tables.js';
import { MODELS, type DatasetContext, type FieldSpec, type ModelSpec } from './dataset-model-store.js';
import { parseDomain, type DomainNode, type DomainValue } from './domain.js';
import { tallyFor } from './tallies.js';
import { serverDate } from '../../domain/conversations/index.js';

/** The caller may not use this model, method or record. */
export class DatasetAccessError extends RpcError {
  constructor(message: string) {
    super(message, 'access_error', undefined, 'livechat.AccessError');
  }
}

/** Largest page a search may return. */
export const MAX_LIMIT = 1000;
const GROUP_SCAN_LIMIT = 10_000;

/** The allow-listed model of that name, or an access error. */
export function modelNamed(name: unknown): ModelSpec {
  // Own keys only: `constructor` or `__proto__` must not find Object.prototype's members.
  const model = typeof name === 'string' && Object.hasOwn(MODELS, name) ? MODELS[name] : undefined;
  if (!model) throw new DatasetAccessError(`Model not available: ${String(name).slice(0, 60)}`);
  return model;
}

function searchable(model: ModelSpec): Set<string> {
  return new Set(Object.entries(model.fields).filter(([, f]) => f.column !== undefined || f.filter !== undefined).map(([k]) => k));
}

function toDbValue(field: FieldSpec, value: DomainValue): DomainValue {
  const one = (v: string | number | boolean | null): string | number | boolean | null => {
    // Checked here, not by the database: a value of the wrong type would fail there as an internal error.
    if (typeof v === 'boolean') throw new InvalidParamError('A domain value of this field cannot be true or false');
    if (typeof v === 'string' && (field.kind === 'int' || field.kind === 'm2o') && !/^\d{1,15}$/.test(v)) throw new InvalidParamError('A number is needed for this field');
    if (field.kind === 'date' && typeof v === 'string') {
      const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(v);
      if (!m) throw new InvalidParamError(`'${v.slice(0, 30)}' is not a valid datetime`);
      return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
    }
    return v;
  };
  return Array.isArray(value) ? (value.map((v) => one(v)) as (string | number)[]) : one(value);
}

function compile(node: DomainNode, eb: ExpressionBuilder<any, any>, model: ModelSpec): Expression<SqlBool> {
  switch (node.kind) {
    case 'true':
      return eb(eb.val(1), '=', 1);
    case 'and':
      return eb.and(node.children.map((c) => compile(c, eb, model)));
    case 'or':
      return eb.or(node.children.map((c) => compile(c, eb, model)));
    case 'not':
      return eb.not(compile(node.child, eb, model));
    case 'term': {
      const field = model.fields[node.field] as FieldSpec;
      if (field.filter) return field.filter(eb, node.op, node.value);
      const col = eb.ref(field.column as string);
      // `false` with = and != is Odoo's "is not set"; no other use of a boolean fits these columns.
      const notSet = node.value === false && (node.op === '=' || node.op === '!=');
      const value = notSet ? false : toDbValue(field, node.value);
      switch (node.op) {
        case '=':
        case '!=':
          if (value === null || value === false) return eb(col, node.op === '=' ? 'is' : 'is not', null);
          return eb(col, node.op === '=' ? '=' : '<>', value);
        case 'in':
        case 'not in': {
          const list = value as (string | number)[];
          if (list.length === 0) return node.op === 'in' ? eb(eb.val(1), '=', 0) : eb(eb.val(1), '=', 1);
          return eb(col, node.op, list);
        }
        case 'ilike':
        case 'not ilike': {
          // The pattern is a bound parameter; only its wildcards are escaped so they match literally.
          const pattern = `%${String(value).toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
          const like = sql<SqlBool>`lower(${col}) like ${pattern} escape '\\'`;
          return node.op === 'ilike' ? like : eb.not(like);
        }
        default:
          return eb(col, node.op, value);
      }
    }
  }
}

function parseOrder(model: ModelSpec, order: unknown): [string, 'asc' | 'desc'][] {
  if (order === undefined || order === null || order === false || order === '') return [['t.id', 'asc']];
  if (typeof order !== 'string' || order.length > 200) throw new InvalidParamError('order must be a text like "create_date desc, id"');
  return order.split(',').map((part) => {
    const [name, dir = 'asc', ...rest] = part.trim().split(/\s+/);
    const field = name && Object.hasOwn(model.fields, name) ? model.fields[name] : undefined;
    const direction = dir.toLowerCase();
    if (!field?.column || rest.length || (direction !== 'asc' && direction !== 'desc')) throw new InvalidParamError(`Cannot order by "${part.trim().slice(0, 40)}"`);
    return [field.column, direction];
  });
}

function pickFields(model: ModelSpec, fields: unknown): string[] {
  if (fields === undefined || fields === null || fields === false || (Array.isArray(fields) && fields.length === 0)) return model.defaultFields;
  if (!Array.isArray(fields) || !fields.every((f) => typeof f === 'string')) throw new InvalidParamError('fields must be a list of field names');
  for (const f of fields) if (!Object.hasOwn(model.fields, f)) throw new DatasetAccessError(`Field not available: ${String(f).slice(0, 60)}`);
  return fields.includes('id') ? fields : ['id', ...fields];
}

function pageParam(value: unknown, name: string, fallback: number, max: number): number {
  if (value === undefined || value === null || value === false) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new InvalidParamError(`${name} must be a positive integer`);
  return Math.min(value, max);
}

/** Search options of search_read. */
export interface SearchOptions {
  domain?: unknown;
  fields?: unknown;
  offset?: unknown;
  limit?: unknown;
  order?: unknown;
}

/** Runs allow-listed, rights-scoped reads and writes over the models of models.ts. */
export class Dataset {
  private readonly db: Kysely<any>;

  constructor(
    db: Kysely<Database>,
    private readonly ctx: DatasetContext,
  ) {
    this.db = db;
  }

  private filtered(model: ModelSpec, domain: DomainNode) {
    return model.base(this.db).where((eb: ExpressionBuilder<any, any>) => {
      const scope = model.scope(eb, this.ctx);
      const filter = compile(domain, eb, model);
      return scope ? eb.and([scope, filter]) : filter;
    });
  }

  private async rows(model: ModelSpec, domain: DomainNode, fields: string[], options: { offset: number; limit: number; order: [string, 'asc' | 'desc'][] }) {
    const selects = Object.assign({}, ...fields.map((f) => (model.fields[f] as FieldSpec).select)) as Record<string, string>;
    let q = this.filtered(model, domain).select((eb: ExpressionBuilder<any, any>) => Object.entries(selects).map(([alias, col]) => eb.ref(col).as(alias)));
    for (const [col, dir] of options.order) q = q.orderBy(col, dir);
    const raw = (await q.limit(options.limit).offset(options.offset).execute()) as Record<string, unknown>[];
    return raw.map((r) => Object.fromEntries(fields.map((f) => [f, (model.fields[f] as FieldSpec).read(r, this.ctx)])));
  }

  /** Odoo `search_read`: matching records, newest page first per `order`. */
  async searchRead(modelName: unknown, options: SearchOptions): Promise<Record<string, unknown>[]> {
    const model = modelNamed(modelName);
    return this.rows(model, parseDomain(options.domain, searchable(model)), pickFields(model, options.fields), {
      offset: pageParam(options.offset, 'offset', 0, Number.MAX_SAFE_INTEGER),
      limit: pageParam(options.limit, 'limit', 80, MAX_LIMIT) || 80,
      order: parseOrder(model, options.order),
    });
  }

  /** Number of matching records the caller may see. */
  async searchCount(modelName: unknown, domain: unknown): Promise<number> {
    const model = modelNamed(modelName);
    const row = (await this.filtered(model, parseDomain(domain, searchable(model)))
      .select((eb: ExpressionBuilder<any, any>) => eb.fn.countAll().as('n'))
      .executeTakeFirst()) as { n: number | string } | undefined;
    return Number(row?.n ?? 0);
  }

  /** Odoo `read`: the given ids the caller may see (others are silently absent). */
  async read(modelName: unknown, ids: unknown, fields: unknown): Promise<Record<string, unknown>[]> {
    const list = Array.isArray(ids) ? ids : [ids];
    if (list.length > MAX_LIMIT || !list.every((i) => typeof i === 'number' && Number.isSafeInteger(i))) throw new InvalidParamError('ids must be a list of integers');
    return this.searchRead(modelName, { domain: [['id', 'in', list]], fields, limit: MAX_LIMIT });
  }

  /**
   * Odoo `read_group` on one field: a count per value, with the domain of each group. A date field may
   * be grouped per UTC day as `field:day` (groups ordered by day, each with the domain of its day).
   */
  async readGroup(modelName: unknown, domain: unknown, groupby: unknown): Promise<Record<string, unknown>[]> {
    const model = modelNamed(modelName);
    const spec = Array.isArray(groupby) ? groupby[0] : groupby;
    const [by, granularity, ...extra] = typeof spec === 'string' ? spec.split(':') : [];
    if (typeof by !== 'string' || !Object.hasOwn(model.fields, by) || !searchable(model).has(by) || extra.length) throw new InvalidParamError('groupby must name one searchable field');
    const perDay = granularity !== undefined;
    if (perDay && (granularity !== 'day' || model.fields[by]?.kind !== 'date')) throw new InvalidParamError('only a date field can be grouped, and only per day (field:day)');
    const parsed = parseDomain(domain, searchable(model));
    const rows = await this.rows(model, parsed, ['id', by], { offset: 0, limit: GROUP_SCAN_LIMIT, order: [['t.id', 'asc']] });
    const groups = new Map<string, { value: unknown; count: number }>();
    const counted = [...rows.map((r) => ({ value: r[by], count: 1 })), ...(await this.tallied(model, domain, spec, by))];
    for (const { value: raw, count } of counted) {
      // Dates read as UTC "YYYY-MM-DD HH:MM:SS": the first ten characters are the day.
      const value = perDay && typeof raw === 'string' ? raw.slice(0, 10) : raw;
      const key = JSON.stringify(value);
      const g = groups.get(key) ?? { value, count: 0 };
      g.count += count;
      groups.set(key, g);
    }
    const base = Array.isArray(domain) ? domain : [];
    const list = [...groups.values()];
    if (perDay) list.sort((a, b) => String(a.value).localeCompare(String(b.value)));
    return list.map(({ value, count }) => ({
      [perDay ? `${by}:day` : by]: value,
      [`${by}_count`]: count,
      __domain: perDay && typeof value === 'string' ? [...base, [by, '>=', `${value} 00:00:00`], [by, '<', `${nextDay(value)} 00:00:00`]] : [...base, [by, '=', Array.isArray(value) ? value[0] : value]],
    }));
  }

  /**
   * The counts of deleted conversations that belong to this group-by (dataset/tallies.ts). A domain on a
   * field the tallies do not keep cannot be answered for them, so they are left out rather than guessed.
   */
  private async tallied(model: ModelSpec, domain: unknown, groupby: unknown, by: string): Promise<{ value: unknown; count: number }[]> {
    const tally = tallyFor(model.name, groupby);
    if (!tally) return [];
    let parsed: DomainNode;
    try {
      parsed = parseDomain(domain, searchable(tally));
    } catch {
      return [];
    }
    const rows = (await this.filtered(tally, parsed).select(['t.day as day', 't.value as value', 't.count as count']).limit(GROUP_SCAN_LIMIT).execute()) as { day: unknown; value: unknown; count: unknown }[];
    return rows.map((r) => ({ value: by === 'create_date' ? serverDate(Number(r.day)) : Number(r.value), count: Number(r.count) }));
  }

  /** Odoo `write` on writable fields; administrators only. */
  async write(modelName: unknown, ids: unknown, values: unknown): Promise<true> {
    const model = modelNamed(modelName);
    if (!model.writeTable) throw new DatasetAccessError(`${model.name} is read-only`);
    if (!this.ctx.operator.is_admin) throw new DatasetAccessError('Only administrators may change this');
    const list = Array.isArray(ids) ? ids : [ids];
    if (!list.length || !list.every((i) => typeof i === 'number' && Number.isSafeInteger(i))) throw new InvalidParamError('ids must be a list of integers');
    if (typeof values !== 'object' || values === null || Array.isArray(values)) throw new InvalidParamError('values must be an object');
    const patch: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(values)) {
      const field = Object.hasOwn(model.fields, key) ? model.fields[key] : undefined;
      if (!field?.write) throw new DatasetAccessError(`Field not writable: ${key.slice(0, 60)}`);
      patch[model.writeTable.column(key)] = field.write(value);
    }
    if (Object.keys(patch).length) await this.db.updateTable(model.writeTable.table).set(patch).where(model.writeTable.idColumn, 'in', list).execute();
    return true;
  }
}

/** The UTC day after a `YYYY-MM-DD` day. */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

/** Groups an operator belongs to: every operator is a livechat user; admins are also managers. */
export function hasGroup(operator: { is_admin: number }, group: unknown): boolean {
  if (group === 'base.group_user' || group === 'im_livechat.im_livechat_group_user') return true;
  if (group === 'base.group_system' || group === 'base.group_erp_manager' || group === 'im_livechat.im_livechat_group_manager') return Boolean(operator.is_admin);
  return false;
}
