/**
 * Request shapes of the dataset routes (PROTOCOL.md §9; SPEC.md §7): `call_kw`, `search_read` and the
 * `read_group` variant. Pure builders, so the shapes are checked without a server.
 */
import type { UserContext } from './session-info.js';
import { CALL_KW_ROUTE } from '../../protocol/routes.js';

/** A domain: a list of conditions `[field, operator, value]` and the prefix operators `&`, `|`, `!`. */
export type Domain = ReadonlyArray<string | readonly [string, string, unknown]>;

/** One sort key; a list of them becomes `"name ASC, id DESC"`. */
export interface OrderBy {
  name: string;
  asc?: boolean;
}

/** A sort given as the server's own string or as a list of keys. */
export type Sort = string | readonly OrderBy[];

/** Options of {@link buildSearchReadParams}. */
export interface SearchReadOptions {
  model: string;
  domain?: Domain;
  fields?: readonly string[];
  limit?: number;
  offset?: number;
  sort?: Sort;
  context?: UserContext;
}

/** Options of a read_group call. `lazy` defaults to true as on the server. */
export interface ReadGroupOptions {
  model: string;
  domain?: Domain;
  fields?: readonly string[];
  groupby: readonly string[];
  offset?: number;
  limit?: number;
  orderby?: Sort;
  lazy?: boolean;
  expand?: boolean;
  context?: UserContext;
}

/** The answer of search_read: `length` is the total count, `records` the page. */
export interface SearchReadResult<T = Record<string, unknown>> {
  length: number;
  records: T[];
}

/** Turns a sort into the server's `"field ASC, other DESC"` form. */
export function sortToString(sort: Sort | undefined): string | undefined {
  if (sort === undefined || typeof sort === 'string') return sort;
  return sort.map((o) => `${o.name} ${o.asc === false ? 'DESC' : 'ASC'}`).join(', ');
}

/** The user context first, then the call's own context: the caller's keys win. */
export function mergeContext(user: UserContext, own: UserContext | undefined): UserContext {
  return { ...user, ...own };
}

/** The route of a `call_kw`: the path suffix is informative only, the server reads model and method from params. */
export function callKwRoute(model: string, method: string): string {
  return `${CALL_KW_ROUTE}/${encodeURIComponent(model)}/${encodeURIComponent(method)}`;
}

/** Params of a `call_kw`: `{model, method, args, kwargs}` with the user context merged into `kwargs.context`. */
export function buildCallKwParams(
  user: UserContext,
  model: string,
  method: string,
  args: readonly unknown[] = [],
  kwargs: Record<string, unknown> = {},
): { model: string; method: string; args: readonly unknown[]; kwargs: Record<string, unknown> } {
  const own = kwargs.context as UserContext | undefined;
  return { model, method, args, kwargs: { ...kwargs, context: mergeContext(user, own) } };
}

/** Params of POST /web/dataset/search_read. */
export function buildSearchReadParams(user: UserContext, options: SearchReadOptions): Record<string, unknown> {
  return {
    model: options.model,
    domain: options.domain ?? [],
    fields: options.fields ?? [],
    limit: options.limit,
    offset: options.offset ?? 0,
    sort: sortToString(options.sort) ?? '',
    context: mergeContext(user, options.context),
  };
}

/** kwargs of `read_group` (context is merged later by the call_kw builder). */
export function buildReadGroupKwargs(options: ReadGroupOptions): Record<string, unknown> {
  const kwargs: Record<string, unknown> = {
    domain: options.domain ?? [],
    fields: options.fields ?? [],
    groupby: options.groupby,
    offset: options.offset ?? 0,
    limit: options.limit,
    orderby: sortToString(options.orderby) ?? false,
    lazy: options.lazy ?? true,
  };
  if (options.expand !== undefined) kwargs.expand = options.expand;
  if (options.context) kwargs.context = options.context;
  return kwargs;
}
