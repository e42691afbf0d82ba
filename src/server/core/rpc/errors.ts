import { RpcCode, type RpcErrorObject, type RpcExceptionType } from '../../../protocol/rpc.js';

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

/** Seconds a client is asked to wait (Retry-After) while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/**
 * The database connection was lost or refused while the call ran: answered with HTTP 503 and
 * Retry-After, in the JSON-RPC envelope. Nothing the call wrote is half-done (it committed or not, as a
 * whole); a post sent again with its key is stored once.
 */
export class DatabaseUnavailableError extends RpcError {
  readonly retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;
  constructor(options?: { cause: unknown }) {
    super('The service is briefly unavailable, please try again.', 'warning', RpcCode.serverError, 'livechat.ServiceUnavailable');
    if (options) this.cause = options.cause;
  }
}

/**
 * The limit counters could not be read for longer than the server answers without them
 * (README "Limits"): HTTP 503 with Retry-After, in the JSON-RPC envelope.
 */
export class LimitsUnavailableError extends RpcError {
  constructor(readonly retryAfterSeconds: number) {
    super('The service is briefly unavailable, please try again shortly.', 'warning', RpcCode.serverError, 'livechat.ServiceUnavailable');
  }
}

/** The HTTP status and Retry-After of an error that is answered with one (429, 503), else undefined. */
export function retryStatusOf(err: unknown): { status: number; retryAfterSeconds: number } | undefined {
  if (err instanceof TooManyRequestsError) return { status: 429, retryAfterSeconds: err.retryAfterSeconds };
  if (err instanceof LimitsUnavailableError || err instanceof DatabaseUnavailableError) return { status: 503, retryAfterSeconds: err.retryAfterSeconds };
  return undefined;
}

/** A parameter is missing or has the wrong type or size. */
export class InvalidParamError extends RpcError {
  constructor(message: string) {
    super(message, 'validation_error', undefined, 'livechat.ValidationError');
  }
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
