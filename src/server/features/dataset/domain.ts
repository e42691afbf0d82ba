import { textProblem } from '../../../protocol/text-checks.js';
import { InvalidParamError } from '../../core/rpc/errors.js';

/** Comparison operators a domain term may use. */
export const DOMAIN_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'in', 'not in', 'ilike', 'not ilike'] as const;
/** A comparison operator of a domain term. */
export type DomainOperator = (typeof DOMAIN_OPERATORS)[number];
/** A literal a term compares with. */
export type DomainValue = string | number | boolean | null | (string | number)[];

/** A parsed domain: terms combined with and/or/not, nothing left as text. */
export type DomainNode =
  | { kind: 'term'; field: string; op: DomainOperator; value: DomainValue }
  | { kind: 'and' | 'or'; children: DomainNode[] }
  | { kind: 'not'; child: DomainNode }
  | { kind: 'true' };

const MAX_TERMS = 50;

/** Longest text a domain term compares with (an `ilike` pattern included); no stored field is longer. */
const MAX_TEXT_VALUE = 1000;

// Every numeric field is an id, a count or a time in milliseconds: an integer JavaScript and an int64 hold exactly.
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

function isScalar(v: unknown): v is string | number | boolean | null {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || isNumber(v);
}

function parseTerm(raw: unknown, fields: ReadonlySet<string>): DomainNode {
  if (!Array.isArray(raw) || raw.length !== 3) throw new InvalidParamError('Each domain term must be [field, operator, value]');
  const [field, op, value] = raw as [unknown, unknown, unknown];
  // Text reaches SQL as a parameter: a NUL or a lone surrogate would fail there as an internal error.
  for (const v of Array.isArray(value) ? value : [value]) {
    const problem = typeof v === 'string' ? textProblem(v) : undefined;
    if (problem) throw new InvalidParamError(`A domain value ${problem}`);
    if (typeof v === 'string' && v.length > MAX_TEXT_VALUE) throw new InvalidParamError(`A domain value must be at most ${MAX_TEXT_VALUE} characters`);
    if (typeof v === 'number' && !isNumber(v)) throw new InvalidParamError(`A number in a domain must be a whole number between -${Number.MAX_SAFE_INTEGER} and ${Number.MAX_SAFE_INTEGER}`);
  }
  if (typeof field !== 'string' || !fields.has(field)) throw new InvalidParamError(`Unknown or unsearchable field in domain: ${String(field).slice(0, 50)}`);
  if (typeof op !== 'string' || !(DOMAIN_OPERATORS as readonly string[]).includes(op)) throw new InvalidParamError(`Unsupported domain operator: ${String(op).slice(0, 20)}`);
  const operator = op as DomainOperator;
  if (operator === 'in' || operator === 'not in') {
    if (!Array.isArray(value) || value.length > 1000 || !value.every((v) => typeof v === 'string' || isNumber(v))) {
      throw new InvalidParamError(`"${operator}" needs a list of numbers or strings`);
    }
    return { kind: 'term', field, op: operator, value: value as (string | number)[] };
  }
  if (!isScalar(value)) throw new InvalidParamError('A domain value must be a number, a string, a boolean or null');
  if ((operator === 'ilike' || operator === 'not ilike') && typeof value !== 'string') throw new InvalidParamError(`"${operator}" needs a string`);
  return { kind: 'term', field, op: operator, value };
}

/**
 * Parses an Odoo domain (prefix notation: `&`, `|`, `!` and `[field, op, value]` terms, an implicit `&`
 * between top-level items) against the searchable fields of a model. Anything else is refused.
 */
export function parseDomain(raw: unknown, fields: ReadonlySet<string>): DomainNode {
  if (raw === undefined || raw === null || raw === false) return { kind: 'true' };
  if (!Array.isArray(raw)) throw new InvalidParamError('domain must be a list');
  if (raw.length > MAX_TERMS * 2) throw new InvalidParamError('domain is too long');
  let pos = 0;
  const next = (): DomainNode => {
    if (pos >= raw.length) throw new InvalidParamError('domain is incomplete');
    const item: unknown = raw[pos++];
    if (item === '&' || item === '|') {
      const left = next();
      const right = next();
      return { kind: item === '&' ? 'and' : 'or', children: [left, right] };
    }
    if (item === '!') return { kind: 'not', child: next() };
    return parseTerm(item, fields);
  };
  const items: DomainNode[] = [];
  while (pos < raw.length) items.push(next());
  if (items.length === 0) return { kind: 'true' };
  return items.length === 1 ? (items[0] as DomainNode) : { kind: 'and', children: items };
}
