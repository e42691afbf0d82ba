import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { RpcExceptionType } from '../../../protocol/rpc.js';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError, RpcError, retryStatusOf, toRpcError } from './errors.js';
import { isConnectionLost } from '../db/connection-errors.js';
import { DeferredRpcResult, type RpcAnswerer } from './deferred.js';
import { rpcBody, rpcErrorResponse, rpcResponse, tooDeep } from './envelope.js';
import { invalidBodyError } from './invalid-params.js';

type RpcParams = Record<string, unknown>;

/** What a handler may give back: the result, a promise of it, or a result settled later. */
export type RpcAnswer<T> = T | Promise<T> | DeferredRpcResult<T>;

/** How a JSON-RPC route is declared: its params and result as JSON Schemas (TypeBox), and route options. */
export interface RpcRoute<P extends TSchema, R extends TSchema | undefined> {
  /** The `params` object; a call that does not match gets a `validation_error` (rpc/invalid-params.ts). */
  params: P;
  /** The `result` on success; left out when the call answers nothing (the envelope then has no `result`). */
  result?: R;
  /** One line for the OpenAPI document. */
  summary?: string;
  /** Fastify route config: `rateLimit`, `requestLogLevel`. */
  config?: Record<string, unknown>;
  /**
   * Who may call: throws (an RpcError) for anyone else. Runs before the params are checked, so a caller
   * without access gets the same answer whatever it sends.
   */
  authorize?: (request: FastifyRequest) => Promise<unknown>;
}

/** The handler of a declared route: params as its schema types them, and a result its schema serialises. */
export type SchemaRpcHandler<P extends TSchema, R extends TSchema | undefined> = (
  params: Static<P>,
  request: FastifyRequest,
  reply: FastifyReply,
) => RpcAnswer<R extends TSchema ? Static<R> : undefined | void>;

type AnyHandler = (params: RpcParams, request: FastifyRequest, reply: FastifyReply) => unknown;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on JSON-RPC routes: every answer, errors included, is a JSON-RPC envelope. */
    rpc?: boolean;
  }
  interface FastifyInstance {
    /** Declares a JSON-RPC route: POST with the envelope of PROTOCOL.md §1, params and result by schema. */
    rpc<P extends TSchema, R extends TSchema | undefined = undefined>(path: string, route: RpcRoute<P, R>, handler: SchemaRpcHandler<P, R>): void;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function errorBody(id: unknown, error: ReturnType<typeof toRpcError>): Record<string, unknown> {
  return { jsonrpc: '2.0', id: typeof id === 'number' || typeof id === 'string' ? id : null, error };
}

/** Missing or null params mean no params (PROTOCOL.md §1.1), before the schema is applied. */
async function defaultParams(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (isObject(body) && (body.params === undefined || body.params === null)) body.params = {};
}

/** How a call is answered: a result, an error in the envelope, or either later for a deferred call. */
interface Answers {
  success(reply: FastifyReply, id: unknown, result: unknown): unknown;
  errorAnswer(id: unknown, err: unknown): Record<string, unknown>;
  failure(request: FastifyRequest, id: unknown, err: unknown, reply?: FastifyReply): Record<string, unknown>;
  answerer: RpcAnswerer;
}

/** A lost database connection as the typed, retryable error; anything else unchanged. */
function unavailable(err: unknown): unknown {
  return !(err instanceof RpcError) && isConnectionLost(err) ? new DatabaseUnavailableError({ cause: err }) : err;
}

function answersOf(app: FastifyInstance, development: boolean): Answers {
  // Undefined when the handler answered by itself: Fastify then sends nothing more.
  const success = (reply: FastifyReply, id: unknown, result: unknown): unknown => {
    if (reply.sent) return undefined;
    return result === undefined ? { jsonrpc: '2.0', id } : { jsonrpc: '2.0', id, result };
  };
  // Every error answer passes here, so the metric counts exactly what clients received.
  const errorAnswer = (id: unknown, err: unknown): Record<string, unknown> => {
    const error = toRpcError(err, development);
    if (app.hasDecorator('metrics')) app.metrics.rpcErrors.inc({ code: String(error.code) });
    return errorBody(id, error);
  };
  const failure = (request: FastifyRequest, id: unknown, thrown: unknown, reply?: FastifyReply): Record<string, unknown> => {
    const err = unavailable(thrown);
    if (err instanceof DatabaseUnavailableError) request.log.warn({ err: thrown }, 'the database connection failed during a call');
    else if (!(err instanceof RpcError)) request.log.error({ err }, 'rpc handler failed');
    const retry = retryStatusOf(err);
    if (retry && reply && !reply.sent) void reply.status(retry.status).header('Retry-After', String(retry.retryAfterSeconds));
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
  return { success, errorAnswer, failure, answerer };
}

// Not an async function: a pending call keeps no suspended frame here nor a promise chain in
// Fastify; a deferred result costs nothing more than itself.
const routeHandler = (answers: Answers, paramsSchema: unknown, handler: AnyHandler) => (request: FastifyRequest, reply: FastifyReply): unknown => {
  const body = request.body;
  const id = isObject(body) ? body.id : null;
  if (isObject(body) && isObject(body.params) && tooDeep(body.params)) {
    return answers.errorAnswer(id, new RpcError('params are nested too deeply', 'validation_error'));
  }
  if (request.validationError) return answers.errorAnswer(id, invalidBodyError(request.validationError.validation, paramsSchema, body));
  let result: unknown;
  try {
    result = handler((body as { params: RpcParams }).params, request, reply);
  } catch (err) {
    return answers.failure(request, id, err, reply);
  }
  if (result instanceof DeferredRpcResult) {
    result.attach(id, answers.answerer);
    return undefined;
  }
  if (!isThenable(result)) return answers.success(reply, id, result);
  result.then(
    (value) => answers.answerer.result(reply, id, value),
    (err: unknown) => answers.answerer.error(reply, id, err),
  );
  return undefined;
};

const authorized =
  (answers: Answers, authorize: NonNullable<RpcRoute<TSchema, undefined>['authorize']>, next: (request: FastifyRequest, reply: FastifyReply) => unknown) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    try {
      await authorize(request);
    } catch (err) {
      const body = request.body;
      return answers.failure(request, isObject(body) ? body.id : null, err, reply);
    }
    const answer = next(request, reply);
    // An answer sent later (a promise the handler returned) must not be sent twice by Fastify.
    return answer === undefined ? reply : answer;
  };

/** Errors raised outside a handler (hooks, body parsing, limits), answered in the envelope on JSON-RPC routes. */
function errorHandler(answers: Answers) {
  return (err: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply): void => {
    // A hook or a plain route that lost the database: 503 and Retry-After, whatever the route speaks.
    if (isConnectionLost(err)) {
      if (request.routeOptions.config?.rpc === true) {
        void reply.send(answers.failure(request, null, err, reply));
        return;
      }
      request.log.warn({ err }, 'the database connection failed during a request');
      void reply.status(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send({ error: 'Service unavailable, please try again' });
      return;
    }
    // Hooks (origin and session checks) raise RpcError before any handler runs: answer in the envelope.
    if (err instanceof RpcError) {
      const retry = retryStatusOf(err);
      if (retry) void reply.header('Retry-After', String(retry.retryAfterSeconds));
      void reply.status(retry?.status ?? 200).send(answers.errorAnswer(null, err));
      return;
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    // Every JSON-RPC route answers in the envelope, whatever the body was (a form, plain text, nothing).
    const rpcish = request.routeOptions.config?.rpc === true || (request.method === 'POST' && /json/.test(String(request.headers['content-type'] ?? '')));
    if (rpcish) {
      const exceptionType: RpcExceptionType = status === 429 ? 'warning' : 'validation_error';
      const message = status === 429 ? 'Too many requests, please slow down.' : status < 500 ? err.message : 'Internal server error';
      void reply.status(status).send(answers.errorAnswer(null, new RpcError(message, exceptionType)));
      return;
    }
    void reply.status(status).send({ error: status < 500 ? err.message : 'Internal server error' });
  };
}

/**
 * JSON-RPC routes: envelope checks, schema validation with the errors of SPEC.md §7, a depth limit and
 * error mapping, so that malformed input always gets a JSON-RPC error and never an HTML page or a crash.
 */
export const jsonRpcPlugin = fp(
  async (app: FastifyInstance, opts: { development: boolean }) => {
    const answers = answersOf(app, opts.development);

    function rpc(this: FastifyInstance, path: string, declared: RpcRoute<TSchema, TSchema | undefined>, handle: AnyHandler): void {
      const handler = routeHandler(answers, declared.params, handle);
      this.post(
        path,
        {
          schema: {
            ...(declared.summary ? { summary: declared.summary } : {}),
            body: rpcBody(declared.params),
            response: { 200: rpcResponse(declared.result), '4xx': rpcErrorResponse, '5xx': rpcErrorResponse },
          },
          // The handler answers a failed validation itself, in the envelope and with the call's id.
          attachValidation: true,
          preValidation: defaultParams,
          config: { ...(declared.config ?? {}), rpc: true },
        },
        declared.authorize ? authorized(answers, declared.authorize, handler) : handler,
      );
    }
    app.decorate('rpc', rpc as FastifyInstance['rpc']);
    app.setErrorHandler(errorHandler(answers));
  },
  { name: 'jsonrpc' },
);
