/**
 * The JSON-RPC envelope on the client side: building the request body and reading the answer
 * (PROTOCOL.md §1.1–1.3). Pure functions, no I/O, so the rules are testable on their own.
 */
import { newRequestId, type RpcErrorData, type RpcErrorObject, type RpcExceptionType, type RpcRequest } from '../../protocol/rpc.js';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** A JS Date as the server's naive UTC datetime `YYYY-MM-DD HH:MM:SS` (PROTOCOL.md §1.1, §10). */
export function toServerDatetime(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

/**
 * Serialises a call: `{jsonrpc: "2.0", method: "call", params, id}`. Any Date inside params becomes a
 * server datetime string. Without params the key is left out, as the reference client does.
 */
export function buildRequestBody(params: object | undefined, id: number = newRequestId()): { id: number; body: string } {
  const request: RpcRequest<object> = { jsonrpc: '2.0', method: 'call', id };
  if (params !== undefined) request.params = params;
  // The replacer sees Date values after their own toJSON ran, so the raw value is read from the holder.
  const body = JSON.stringify(request, function replace(this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? toServerDatetime(raw) : value;
  });
  return { id, body };
}

/** What an answer body says, once read. */
export type RpcAnswer =
  | { kind: 'result'; result: unknown }
  | { kind: 'error'; error: RpcErrorObject }
  | { kind: 'invalid' };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const EXCEPTION_TYPES: readonly RpcExceptionType[] = [
  'internal_error',
  'user_error',
  'warning',
  'access_error',
  'missing_error',
  'access_denied',
  'validation_error',
];

/**
 * Fills the gaps of an `error` member so callers can read `error.data.message` and friends without
 * guards: servers other than ours may leave `data` out or send partial blocks.
 */
export function normaliseError(raw: Record<string, unknown>): RpcErrorObject {
  const data = isObject(raw.data) ? raw.data : {};
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  const exceptionType = EXCEPTION_TYPES.find((t) => t === data.exception_type) ?? 'internal_error';
  const normalised: RpcErrorData = {
    name: text(data.name),
    message: text(data.message),
    debug: text(data.debug),
    arguments: Array.isArray(data.arguments) ? data.arguments : [],
    exception_type: exceptionType,
  };
  return {
    code: typeof raw.code === 'number' ? raw.code : Number(raw.code) || 0,
    message: text(raw.message),
    data: normalised,
  };
}

/**
 * Reads an answer body. A JSON object with `error` is an error; otherwise it is a success whose value
 * is `result` (undefined when the key is absent, PROTOCOL.md §1.2). Anything that is not a JSON object
 * is `invalid`.
 */
export function readAnswer(text: string): RpcAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'invalid' };
  }
  if (!isObject(parsed)) return { kind: 'invalid' };
  if (isObject(parsed.error)) return { kind: 'error', error: normaliseError(parsed.error) };
  return { kind: 'result', result: parsed.result };
}
