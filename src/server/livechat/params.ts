import { SESSION_UUID_PATTERN } from '../../protocol/livechat.js';
import { textProblem } from '../../protocol/text-checks.js';
import { InvalidParamError } from '../rpc/errors.js';

type RpcParams = Record<string, unknown>;

export { InvalidParamError, textProblem };

/** A positive integer parameter; numeric strings are accepted because cookies carry ids as text. */
export function intParam(params: RpcParams, key: string): number {
  const v = params[key];
  const n = typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new InvalidParamError(`${key} must be a positive integer`);
  return n;
}

/** Like {@link intParam} but `undefined`, `null`, `false` and `""` mean "not given". */
export function optionalIntParam(params: RpcParams, key: string): number | undefined {
  const v = params[key];
  if (v === undefined || v === null || v === false || v === '') return undefined;
  return intParam(params, key);
}

/** `text` when it is well-formed typed text; otherwise an error naming `key`. */
export function checkText(key: string, text: string): string {
  const problem = textProblem(text);
  if (problem) throw new InvalidParamError(`${key} ${problem}`);
  return text;
}

/** A string parameter of at most `max` characters of well-formed text without control characters. */
export function stringParam(params: RpcParams, key: string, max: number): string {
  const v = params[key];
  if (typeof v !== 'string') throw new InvalidParamError(`${key} must be a string`);
  if (v.length > max) throw new InvalidParamError(`${key} must be at most ${max} characters`);
  return checkText(key, v);
}

/** An optional string parameter; a missing or `false` value gives `fallback`. */
export function optionalStringParam(params: RpcParams, key: string, max: number, fallback: string): string {
  const v = params[key];
  if (v === undefined || v === null || v === false) return fallback;
  return stringParam(params, key, max);
}

/** A boolean parameter. */
export function boolParam(params: RpcParams, key: string): boolean {
  const v = params[key];
  if (typeof v !== 'boolean') throw new InvalidParamError(`${key} must be true or false`);
  return v;
}

/**
 * The uuid of a visitor session, or `undefined` when it is not even shaped like one. Callers treat
 * "malformed" exactly like "unknown", so answers never reveal whether a session exists.
 */
export function uuidParam(params: RpcParams, key = 'uuid'): string | undefined {
  const v = params[key];
  return typeof v === 'string' && SESSION_UUID_PATTERN.test(v) ? v : undefined;
}
