import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { ERROR_KIND, ERROR_MESSAGES, type ErrorKind, type ErrorMessages } from '../schemas/params.js';
import { textProblem } from '../../../protocol/text-checks.js';
import { InvalidParamError, RpcError } from './errors.js';

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function valueAt(root: unknown, path: string[]): unknown {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function annotationsOf(paramsSchema: unknown, key: string): { messages: ErrorMessages; kind: ErrorKind | undefined } {
  const properties = (paramsSchema as { properties?: Record<string, Record<string, unknown>> }).properties;
  const schema = properties && Object.hasOwn(properties, key) ? properties[key] : undefined;
  return { messages: (schema?.[ERROR_MESSAGES] as ErrorMessages | undefined) ?? {}, kind: schema?.[ERROR_KIND] as ErrorKind | undefined };
}

/** One failure as Fastify's validator (ajv) reports it; `propertyName` names a refused key. */
type Failure = Pick<FastifySchemaValidationError, 'instancePath' | 'keyword' | 'params'> & { propertyName?: string };

/**
 * The error a call gets when its params fail the route's schema: the same `validation_error` with the
 * same message as the checks the schemas replaced, taken from the parameter's {@link ERROR_MESSAGES}.
 * `failure.instancePath` is relative to `params`. Ajv stops at the first failure (allErrors is off, so
 * hostile input costs one error), and checks `required` and then each property in the schema's order,
 * as the handlers did.
 */
export function invalidParamsError(failure: Failure, paramsSchema: unknown, params: unknown): RpcError {
  const path = failure.instancePath.split('/').slice(1).map(unescapePointer);
  const details = failure.params as { missingProperty?: string; limit?: number };
  const key = path.length === 0 && failure.keyword === 'required' ? details.missingProperty : path[0];
  if (key === undefined) return new InvalidParamError('params must be an object');
  const { messages, kind } = annotationsOf(paramsSchema, key);
  const template = messages[failure.keyword] ?? messages.default ?? '{key} is not valid';
  const value = valueAt(params, path);
  const message = template
    .replace('{key}', key.slice(0, 60))
    .replace('{limit}', String(details.limit ?? ''))
    .replace('{name}', (failure.propertyName ?? '').slice(0, 60))
    .replace('{problem}', (typeof value === 'string' && textProblem(value)) || 'is not valid');
  return kind ? new RpcError(message, kind.exception_type, undefined, kind.name) : new InvalidParamError(message);
}

/** The error for a JSON-RPC body that fails its route's schema (rpc/envelope.ts `rpcBody`). */
export function invalidBodyError(errors: readonly Failure[], paramsSchema: unknown, body: unknown): RpcError {
  const failure = errors[0];
  if (!failure || !/^\/params(\/|$)/.test(failure.instancePath)) return new InvalidParamError('The request body must be a JSON-RPC object');
  return invalidParamsError({ ...failure, instancePath: failure.instancePath.slice('/params'.length) }, paramsSchema, (body as { params: unknown }).params);
}

/**
 * Checks params that Fastify's validator never saw (multipart fields, which arrive as the body streams in)
 * against `schema` with the same validator and the same errors as a JSON-RPC call's.
 */
export function checkParams<S extends TSchema>(request: FastifyRequest, schema: S, params: Record<string, unknown>): Static<S> {
  const check = request.compileValidationSchema(schema);
  if (!check(params)) throw invalidParamsError(check.errors?.[0] ?? { instancePath: '', keyword: 'type', params: {} }, schema, params);
  return params as Static<S>;
}
