/**
 * Typed errors of the host platform layer (SPEC.md §8). Every error a platform call rejects with is one
 * of these classes, so callers can branch on `type` (a string union) or `code` instead of parsing text.
 */
import { RpcCode, type RpcErrorObject } from '../protocol/rpc.js';

/** What kind of failure an error is: the discriminant of {@link PlatformError}. */
export type PlatformErrorType = 'server' | 'network' | 'http';

/**
 * Base of every platform error. Rejections carry a `preventDefault()` so that a caller that handles
 * the error can stop the global `rpc_error` report (see `rpc/unhandled.ts`).
 */
export abstract class PlatformError extends Error {
  /** The kind of failure. */
  abstract readonly type: PlatformErrorType;
  /** A numeric code: the JSON-RPC code, -32098 for network failures, the HTTP status for `http`. */
  abstract readonly code: number;
  #handled = false;

  /** Marks the error as handled by the caller: no global `rpc_error` event is fired for it. */
  preventDefault(): void {
    this.#handled = true;
  }

  /** True once a caller called {@link PlatformError.preventDefault}. */
  get defaultPrevented(): boolean {
    return this.#handled;
  }
}

/**
 * The server answered with a JSON-RPC `error` member (SPEC.md §8 "Server error": rejected as type
 * server with the error object). `message` is the most useful text: `data.message`, else `message`.
 */
export class RpcServerError extends PlatformError {
  override readonly name = 'RpcServerError';
  readonly type = 'server' as const;
  readonly code: number;
  /** The normalised `error` member of the answer. */
  readonly error: RpcErrorObject;
  /** The route that was called. */
  readonly route: string;

  constructor(route: string, error: RpcErrorObject) {
    super(error.data.message || error.message);
    this.route = route;
    this.error = error;
    this.code = error.code;
  }

  /** True for code 100: the caller's session is invalid or expired (SPEC.md §4). */
  get isSessionInvalid(): boolean {
    return this.code === RpcCode.sessionInvalid;
  }
}

/**
 * Why a request got no usable answer: `abort` (the caller's signal), `timeout` (the call's timeout),
 * `network` (no connection), `http` (a non-2xx answer without a JSON-RPC body), `parse` (a 2xx answer
 * that is not a JSON object).
 */
export type NetworkFailureReason = 'abort' | 'timeout' | 'network' | 'http' | 'parse';

/**
 * No usable answer arrived (SPEC.md §8 "Network failure"): code -32098 and the message
 * `"XmlHttpRequestError " + cause`, where the cause is `abort`, `timeout`, `parsererror`, the HTTP status
 * text or the browser's own network error text.
 */
export class RpcNetworkError extends PlatformError {
  override readonly name = 'RpcNetworkError';
  readonly type = 'network' as const;
  readonly code = RpcCode.networkFailure;
  /** The route that was called. */
  readonly route: string;
  /** Why the call failed, as a string union (the message is for humans). */
  readonly reason: NetworkFailureReason;
  /** The HTTP status when `reason` is `http`, else undefined. */
  readonly status: number | undefined;

  constructor(route: string, reason: NetworkFailureReason, cause: string, status?: number) {
    super(`XmlHttpRequestError ${cause}`);
    this.route = route;
    this.reason = reason;
    this.status = status;
  }
}

/** A plain GET (translations, locale file) was answered with a non-2xx status. */
export class HttpStatusError extends PlatformError {
  override readonly name = 'HttpStatusError';
  readonly type = 'http' as const;
  /** The HTTP status. */
  readonly code: number;
  /** The URL that was requested. */
  readonly url: string;

  constructor(url: string, status: number, statusText: string) {
    super(`GET ${url} answered ${status}${statusText ? ` ${statusText}` : ''}`);
    this.url = url;
    this.code = status;
  }
}

/** Any error a platform call rejects with. */
export type AnyPlatformError = RpcServerError | RpcNetworkError | HttpStatusError;

/** Narrows an unknown rejection reason to a platform error. */
export function isPlatformError(value: unknown): value is AnyPlatformError {
  return value instanceof PlatformError;
}

/** The text a person reads for a rejection reason: an error's message, else the value itself. */
export function reasonText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Marks a rejection as handled (no global `rpc_error` report) when it can be: platform errors can, other
 * values are left alone.
 */
export function markHandled(err: unknown): void {
  if (err && typeof err === 'object' && 'preventDefault' in err && typeof err.preventDefault === 'function') err.preventDefault();
}
