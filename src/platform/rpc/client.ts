/**
 * The JSON-RPC client of the host platform layer (SPEC.md §7 "Generic platform calls", PROTOCOL.md §1).
 * One instance per server: the widget's talks to another origin without credentials, the operator
 * console's sends its session cookie.
 */
import { RpcCode } from '../../protocol/rpc.js';
import { RpcNetworkError, RpcServerError, type NetworkFailureReason } from '../errors.js';
import { buildRequestBody, readAnswer } from './envelope.js';
import { watchUnhandledRpcErrors } from './unhandled.js';

/** Which cookies travel with a call; `omit` is the default because the widget runs on another origin. */
export type RpcCredentials = 'omit' | 'same-origin' | 'include';

/** How a client is set up. */
export interface RpcClientOptions {
  /** Prefix of every route, e.g. the `server-url` attribute; empty means the page's own origin. */
  baseUrl?: string;
  /** Cookie policy of every call; default `omit`. */
  credentials?: RpcCredentials;
  /** Headers added to every call. */
  headers?: Record<string, string>;
}

/** Per-call options. */
export interface RpcCallOptions {
  /** Aborts the call; it then rejects with "XmlHttpRequestError abort". */
  signal?: AbortSignal;
  /** Milliseconds before the call gives up with "XmlHttpRequestError timeout" (the poll uses 60 000). */
  timeout?: number;
  /** A silent call fires no `rpc:request` / `rpc:response` loading events (the poll, typing notices). */
  silent?: boolean;
  /** Extra headers for this call only. */
  headers?: Record<string, string>;
}

/** How a call ended, as reported by `rpc:response`. */
export type RpcOutcome = 'success' | 'server_error' | 'failure';

/** Detail of `rpc:request`. */
export interface RpcRequestDetail {
  id: number;
  route: string;
}

/** Detail of `rpc:response`. */
export interface RpcResponseDetail extends RpcRequestDetail {
  outcome: RpcOutcome;
}

/** Loading events a client fires on itself for every call that is not silent. */
export interface RpcClientEventMap {
  'rpc:request': CustomEvent<RpcRequestDetail>;
  'rpc:response': CustomEvent<RpcResponseDetail>;
}

/** Called when an answer says the session is invalid (code 100). */
export type SessionInvalidListener = (error: RpcServerError) => void;

const isAbsolute = (url: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(url);

/**
 * Posts JSON-RPC calls to routes. Rejections are typed: {@link RpcServerError} (`type: "server"`) for an
 * `error` answer, {@link RpcNetworkError} (code -32098) when no usable answer came. Unhandled rejections
 * are reported through the global `rpc_error` event (see unhandled.ts).
 *
 * Fires `rpc:request` and `rpc:response` (CustomEvents) for every call not marked `silent`, so a UI can
 * show a loading indicator.
 */
export class RpcClient extends EventTarget {
  /** The prefix of every route. */
  readonly baseUrl: string;
  /** The cookie policy of every call. */
  readonly credentials: RpcCredentials;
  readonly #headers: Record<string, string>;
  readonly #sessionInvalidListeners = new Set<SessionInvalidListener>();
  #pending = 0;

  constructor(options: RpcClientOptions = {}) {
    super();
    this.baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.credentials = options.credentials ?? 'omit';
    this.#headers = { ...options.headers };
    watchUnhandledRpcErrors();
  }

  /** Number of calls (silent or not) waiting for an answer. */
  get pending(): number {
    return this.#pending;
  }

  /** The absolute URL of a route (or of an absolute URL, unchanged). */
  url(route: string): string {
    if (isAbsolute(route)) return route;
    const path = route.startsWith('/') ? route : `/${route}`;
    return new URL(this.baseUrl + path, document.baseURI).href;
  }

  /**
   * Registers a hook run when any answer carries error code 100 (SPEC.md §4: the session is invalidated,
   * uid cleared). The session module registers itself here. Returns a function that unregisters it.
   */
  onSessionInvalid(listener: SessionInvalidListener): () => void {
    this.#sessionInvalidListeners.add(listener);
    return () => this.#sessionInvalidListeners.delete(listener);
  }

  /** Posts `{jsonrpc, method: "call", params, id}` to a route and resolves with `result`. */
  async call<R = unknown>(route: string, params?: object, options: RpcCallOptions = {}): Promise<R> {
    const { id, body } = buildRequestBody(params);
    const detail: RpcRequestDetail = { id, route };
    if (!options.silent) this.#emit('rpc:request', detail);
    this.#pending += 1;
    let outcome: RpcOutcome = 'failure';
    try {
      const result = await this.#send(route, body, options);
      outcome = 'success';
      return result as R;
    } catch (err) {
      if (err instanceof RpcServerError) {
        outcome = 'server_error';
        if (err.code === RpcCode.sessionInvalid) this.#sessionInvalid(err);
      }
      throw err;
    } finally {
      this.#pending -= 1;
      if (!options.silent) this.#emit('rpc:response', { ...detail, outcome });
    }
  }

  async #send(route: string, body: string, options: RpcCallOptions): Promise<unknown> {
    const controller = new AbortController();
    let stopReason: NetworkFailureReason | undefined;
    const stop = (reason: NetworkFailureReason) => {
      stopReason ??= reason;
      controller.abort();
    };
    const onAbort = () => stop('abort');
    if (options.signal?.aborted) throw new RpcNetworkError(route, 'abort', 'abort');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = options.timeout !== undefined ? setTimeout(() => stop('timeout'), options.timeout) : undefined;
    try {
      let response: Response;
      let text: string;
      try {
        response = await fetch(this.url(route), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...this.#headers, ...options.headers },
          body,
          credentials: this.credentials,
          signal: controller.signal,
        });
        text = await response.text();
      } catch (err) {
        if (stopReason) throw new RpcNetworkError(route, stopReason, stopReason);
        const cause = err instanceof Error && err.message ? err.message : 'error';
        throw new RpcNetworkError(route, 'network', cause);
      }
      const answer = readAnswer(text);
      if (answer.kind === 'error') throw new RpcServerError(route, answer.error);
      if (!response.ok) {
        const cause = `${response.status} ${response.statusText}`.trim();
        throw new RpcNetworkError(route, 'http', cause, response.status);
      }
      if (answer.kind === 'invalid') throw new RpcNetworkError(route, 'parse', 'parsererror');
      return answer.result;
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  #sessionInvalid(error: RpcServerError): void {
    for (const listener of this.#sessionInvalidListeners) {
      try {
        listener(error);
      } catch (hookError) {
        // One faulty hook must not keep the rejection from reaching the caller.
        console.error(hookError);
      }
    }
  }

  /** Listens to a loading event with its typed detail; returns a function that stops listening. */
  on<K extends keyof RpcClientEventMap>(type: K, listener: (event: RpcClientEventMap[K]) => void): () => void {
    const wrapped = (event: Event) => listener(event as RpcClientEventMap[K]);
    this.addEventListener(type, wrapped);
    return () => this.removeEventListener(type, wrapped);
  }

  #emit<K extends keyof RpcClientEventMap>(type: K, detail: RpcClientEventMap[K]['detail']): void {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }
}
