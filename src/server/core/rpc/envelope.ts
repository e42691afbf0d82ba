import Type, { type TSchema } from 'typebox';

/**
 * The JSON-RPC envelope of PROTOCOL.md §1 as JSON Schemas: a route's body schema wraps its params
 * schema, its response schema wraps its result schema.
 */

const EXCEPTION_TYPES = ['internal_error', 'user_error', 'warning', 'access_error', 'missing_error', 'access_denied', 'validation_error'] as const;

/** The `error` member of an answer (PROTOCOL.md §1.3). */
export const RpcErrorSchema = Type.Object(
  {
    code: Type.Integer({ description: '200 for application errors, 100 for an expired operator session' }),
    message: Type.String(),
    data: Type.Object({
      name: Type.String(),
      message: Type.String({ description: 'What went wrong, for people' }),
      debug: Type.String({ description: 'A stack trace in development only; empty otherwise' }),
      arguments: Type.Array(Type.Unknown()),
      exception_type: Type.Enum(EXCEPTION_TYPES),
    }),
  },
  { title: 'RpcError' },
);

// Any JSON: a success answer echoes the caller's id as sent; an error answer gives a number, a string or null.
const ID = Type.Unknown({ description: 'The request’s id' });

/** The body of a call: `params` is the route's own schema; `jsonrpc`, `method` and `id` are read as sent. */
export function rpcBody(params: TSchema): TSchema {
  return Type.Object({
    jsonrpc: Type.Optional(Type.Unknown({ description: '"2.0"' })),
    method: Type.Optional(Type.Unknown({ description: '"call"' })),
    id: Type.Optional(ID),
    // Missing or null params are read as {} (plugins/jsonrpc.ts) before this schema applies.
    params,
  });
}

/** An answer: `result` on success (left out when the route answers nothing), `error` on failure. */
export function rpcResponse(result: TSchema | undefined): TSchema {
  return Type.Object({
    jsonrpc: Type.Literal('2.0'),
    id: Type.Optional(ID),
    ...(result ? { result: Type.Optional(result) } : {}),
    error: Type.Optional(RpcErrorSchema),
  });
}

/** The answer of a call refused before its handler ran (a limit, a foreign origin). */
export const rpcErrorResponse = rpcResponse(undefined);

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

/**
 * Whether params nest deeper than the server reads. Checked in code: a JSON Schema bounds only the
 * properties it names, and the free-form ones (a dataset domain) may hold anything.
 */
export function tooDeep(params: unknown): boolean {
  return depthOf(params) > MAX_DEPTH;
}
