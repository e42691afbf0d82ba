import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RpcCode, type RpcErrorObject, type RpcExceptionType } from '../../protocol/rpc.js';

/** An error a route raises on purpose; its text reaches the client as `data.message`. */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly exceptionType: RpcExceptionType = 'user_error',
    readonly code: number = RpcCode.serverError,
    readonly name_: string = 'livechat.UserError',
  ) {
    super(message);
  }
}

/** The caller has no valid operator session (code 100, SPEC.md §4 "Generic session"). */
export class SessionExpiredError extends RpcError {
  constructor() {
    super('Session expired', 'access_denied', RpcCode.sessionInvalid, 'livechat.SessionExpired');
  }
}

/** A limit was reached: answered with HTTP 429 and Retry-After, in the JSON-RPC envelope. */
export class TooManyRequestsError extends RpcError {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests, please slow down.', 'warning', RpcCode.serverError, 'livechat.TooManyRequests');
  }
}

export type RpcParams = Record<string, unknown>;

/** How the route answers a {@link DeferredRpcResult}: one per plugin, shared by every pending call. */
export interface RpcAnswerer {
  result(reply: FastifyReply, id: unknown, value: unknown): void;
  error(reply: FastifyReply, id: unknown, err: unknown): void;
}

/**
 * A result a handler returns before it is known and settles later with `resolveResult` or
 * `rejectResult`; the route answers then, in the envelope, exactly as for a returned value or a thrown
 * error. Unlike a promise it costs no promise, reaction or closure per pending call, which counts for
 * calls held by the thousands for most of a minute (the long poll, issue 8 "Held polls"). The
 * subclass settles it at most once.
 */
export abstract class DeferredRpcResult<T> {
  /** The reply the answer goes to. */
  readonly reply: FastifyReply;
  #id: unknown = null;
  #answerer: RpcAnswerer | undefined;
  #early: { value: T } | { error: unknown } | undefined;

  constructor(reply: FastifyReply) {
    this.reply = reply;
  }

  /** Called by the route as soon as the handler returned: where and how the answer goes. */
  attach(id: unknown, answerer: RpcAnswerer): void {
    this.#id = id;
    this.#answerer = answerer;
    const early = this.#early;
    this.#early = undefined;
    if (early && 'value' in early) answerer.result(this.reply, id, early.value);
    else if (early) answerer.error(this.reply, id, early.error);
  }

  /** Answers with `value` as the call's result. */
  protected resolveResult(value: T): void {
    if (this.#answerer) this.#answerer.result(this.reply, this.#id, value);
    else this.#early = { value };
  }

  /** Answers with `err` as the call's error (an {@link RpcError} keeps its message). */
  protected rejectResult(err: unknown): void {
    if (this.#answerer) this.#answerer.error(this.reply, this.#id, err);
    else this.#early = { error: err };
  }
}
export type RpcHandler = (params: RpcParams, request: FastifyRequest, reply: FastifyReply) => unknown;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on JSON-RPC routes: every answer, errors included, is a JSON-RPC envelope. */
    rpc?: boolean;
  }
  interface FastifyInstance {
    /** Declares a JSON-RPC route: POST with the envelope of PROTOCOL.md §1. */
    rpc(path: string, handler: RpcHandler, options?: { config?: Record<string, unknown> }): void;
  }
}

const MAX_DEPTH = 16;

function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_DEPTH) return depth;
  if (value === null || typeof value !== 'object') return depth;
  let max = depth;
  for (const v of Object.values(value as Record<string, unknown>)) {
    max = Math.max(max, depthOf(v, depth + 1));
    if (max > MAX_DEPTH) break;
  }
  return max;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function errorBody(id: unknown, error: RpcErrorObject): Record<string, unknown> {
  return { jsonrpc: '2.0', id: typeof id === 'number' || typeof id === 'string' ? id : null, error };
}

/** Builds the wire error for anything a handler throws; no stack reaches clients outside development. */
export function toRpcError(err: unknown, development: boolean): RpcErrorObject {
  if (err instanceof RpcError) {
    return {
      code: err.code,
      message: err.code === RpcCode.sessionInvalid ? 'Session Expired' : 'Server Error',
      data: {
        name: err.name_,
        message: err.message,
        debug: '',
        arguments: [err.message],
        exception_type: err.exceptionType,
      },
    };
  }
  const e = err instanceof Error ? err : new Error(String(err));
  return {
    code: RpcCode.serverError,
    message: 'Server Error',
    data: {
      name: 'livechat.InternalError',
      message: development ? e.message : 'Internal server error',
      debug: development ? (e.stack ?? '') : '',
      arguments: [],
      exception_type: 'internal_error',
    },
  };
}

/**
 * JSON-RPC routes: envelope checks, depth limit and error mapping, so that malformed input always
 * gets a JSON-RPC error and never an HTML page or a crash.
 */
export const jsonRpcPlugin = fp(
  async (app: FastifyInstance, opts: { development: boolean }) => {
    // Undefined when the handler answered by itself: Fastify then sends nothing more.
    const success = (reply: FastifyReply, id: unknown, result: unknown): unknown => {
      if (reply.sent) return undefined;
      return result === undefined ? { jsonrpc: '2.0', id } : { jsonrpc: '2.0', id, result };
    };
    // Every error answer passes here, so the metric counts exactly what clients received.
    const errorAnswer = (id: unknown, err: unknown): Record<string, unknown> => {
      const error = toRpcError(err, opts.development);
      if (app.hasDecorator('metrics')) app.metrics.rpcErrors.inc({ code: String(error.code) });
      return errorBody(id, error);
    };
    const failure = (request: FastifyRequest, id: unknown, err: unknown, reply?: FastifyReply): Record<string, unknown> => {
      if (!(err instanceof RpcError)) request.log.error({ err }, 'rpc handler failed');
      if (err instanceof TooManyRequestsError && reply && !reply.sent) {
        void reply.status(429).header('Retry-After', String(err.retryAfterSeconds));
      }
      return errorAnswer(id, err);
    };
    // What Fastify itself does with a late payload: a failing send (serialization) becomes an error reply.
    const sendLate = (reply: FastifyReply, payload: unknown): void => {
      if (payload === undefined || reply.sent) return;
      try {
        void reply.send(payload);
      } catch (err) {
        void reply.send(err);
      }
    };

    const answerer: RpcAnswerer = {
      result: (reply, id, value) => sendLate(reply, success(reply, id, value)),
      error: (reply, id, err) => sendLate(reply, failure(reply.request, id, err, reply)),
    };

    app.decorate('rpc', function rpc(this: FastifyInstance, path: string, handler: RpcHandler, options = {}) {
      // Not an async function: a pending call keeps no suspended frame here nor a promise chain in
      // Fastify; a deferred result costs nothing more than itself.
      this.post(path, { config: { ...(options.config ?? {}), rpc: true } }, (request, reply) => {
        const body = request.body as Record<string, unknown> | null | undefined;
        const id = body && typeof body === 'object' ? body.id : null;
        if (!body || typeof body !== 'object' || Array.isArray(body)) {
          return errorAnswer(id, new RpcError('The request body must be a JSON-RPC object', 'validation_error'));
        }
        const params = body.params ?? {};
        if (typeof params !== 'object' || params === null || Array.isArray(params)) {
          return errorAnswer(id, new RpcError('params must be an object', 'validation_error'));
        }
        if (depthOf(params) > MAX_DEPTH) {
          return errorAnswer(id, new RpcError('params are nested too deeply', 'validation_error'));
        }
        let result: unknown;
        try {
          result = handler(params as RpcParams, request, reply);
        } catch (err) {
          return failure(request, id, err, reply);
        }
        if (result instanceof DeferredRpcResult) {
          result.attach(id, answerer);
          return undefined;
        }
        if (!isThenable(result)) return success(reply, id, result);
        result.then(
          (value) => answerer.result(reply, id, value),
          (err: unknown) => answerer.error(reply, id, err),
        );
        return undefined;
      });
    });

    app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
      // Hooks (origin and session checks) raise RpcError before any handler runs: answer in the envelope.
      if (err instanceof RpcError) {
        void reply.status(200).send(errorAnswer(null, err));
        return;
      }
      const status = err.statusCode ?? 500;
      if (status >= 500) request.log.error({ err }, 'request failed');
      // Every JSON-RPC route answers in the envelope, whatever the body was (a form, plain text, nothing).
      const rpcish = request.routeOptions.config?.rpc === true || (request.method === 'POST' && /json/.test(String(request.headers['content-type'] ?? '')));
      if (rpcish) {
        const exceptionType: RpcExceptionType = status === 429 ? 'warning' : 'validation_error';
        const message = status === 429 ? 'Too many requests, please slow down.' : status < 500 ? err.message : 'Internal server error';
        void reply.status(status).send(errorAnswer(null, new RpcError(message, exceptionType)));
        return;
      }
      void reply.status(status).send({ error: status < 500 ? err.message : 'Internal server error' });
    });
  },
  { name: 'jsonrpc' },
);
