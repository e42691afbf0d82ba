/**
 * Plain GET requests to the same server as a client's calls (translations, locale file: SPEC.md §7),
 * with the client's base URL and cookie policy and the same typed failures.
 */
import { HttpStatusError, RpcNetworkError } from '../errors.js';
import type { RpcClient } from './client.js';

/** Options of a GET. */
export interface HttpGetOptions {
  /** Query arguments, appended in order; undefined values are left out. */
  query?: Record<string, string | undefined>;
  /** Aborts the request ("XmlHttpRequestError abort"). */
  signal?: AbortSignal;
}

function withQuery(url: string, query: HttpGetOptions['query']): string {
  const u = new URL(url);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) u.searchParams.set(key, value);
  }
  return u.href;
}

/** GETs a route and resolves with the body as text; a non-2xx answer rejects with {@link HttpStatusError}. */
export async function httpGetText(client: RpcClient, route: string, options: HttpGetOptions = {}): Promise<string> {
  const url = withQuery(client.url(route), options.query);
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { credentials: client.credentials, signal: options.signal ?? null });
    text = await response.text();
  } catch (err) {
    if (options.signal?.aborted) throw new RpcNetworkError(route, 'abort', 'abort');
    throw new RpcNetworkError(route, 'network', err instanceof Error && err.message ? err.message : 'error');
  }
  if (!response.ok) throw new HttpStatusError(url, response.status, response.statusText);
  return text;
}

/** GETs a route and parses its JSON body; a body that is not JSON rejects with "XmlHttpRequestError parsererror". */
export async function httpGetJson<T = unknown>(client: RpcClient, route: string, options: HttpGetOptions = {}): Promise<T> {
  const text = await httpGetText(client, route, options);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new RpcNetworkError(route, 'parse', 'parsererror');
  }
}
