/**
 * JSON-RPC 2.0 envelope as the widget, the console and the server speak it (PROTOCOL.md §1).
 * Shared by browser and server: no DOM and no node: imports here.
 */

/** A request body: `method` is always "call"; the route is the URL path. */
export interface RpcRequest<P = Record<string, unknown>> {
  jsonrpc: '2.0';
  method: 'call';
  params?: P;
  id: number;
}

/** The `data` block of an error answer (PROTOCOL.md §1.3). */
export interface RpcErrorData {
  name: string;
  message: string;
  debug: string;
  arguments: unknown[];
  exception_type: RpcExceptionType;
}

export type RpcExceptionType =
  | 'internal_error'
  | 'user_error'
  | 'warning'
  | 'access_error'
  | 'missing_error'
  | 'access_denied'
  | 'validation_error';

/** The `error` member of an answer. */
export interface RpcErrorObject {
  code: number;
  message: string;
  data: RpcErrorData;
}

/** A success answer may omit `result` when the route returns nothing (PROTOCOL.md §1.2). */
export type RpcResponse<R = unknown> =
  | { jsonrpc: '2.0'; id: number | null; result?: R }
  | { jsonrpc: '2.0'; id: number | null; error: RpcErrorObject };

/** Error codes with a meaning on the wire. */
export const RpcCode = {
  /** Any application error raised by a route. */
  serverError: 200,
  /** The caller's session is invalid or expired; the client clears its uid (SPEC.md §4). */
  sessionInvalid: 100,
  /** Unknown route or record. */
  notFound: 404,
  /** Client-side only: the request never got an answer (SPEC.md §8). */
  networkFailure: -32098,
} as const;

/** Draws a request id as the reference client does: a random integer in [0, 10^9). */
export function newRequestId(random: () => number = Math.random): number {
  return Math.floor(random() * 1_000_000_000);
}
