/**
 * Route parameter schemas for the server's routes: the builders are written once in
 * protocol/schemas/params.ts (the console's contracts use them too); the readers of their values,
 * which only handlers need, are here.
 */
import { Value } from 'typebox/value';
import { SESSION_UUID_PATTERN } from '../../../protocol/livechat.js';
import { Id } from '../../../protocol/schemas/params.js';

export {
  AnyJson,
  Bool,
  ERROR_KIND,
  ERROR_MESSAGES,
  Email,
  Id,
  MessageText,
  OneOf,
  OperatorSessionId,
  OptionalId,
  OptionalText,
  PostKey,
  SessionUuid,
  Text,
  type ErrorKind,
  type ErrorMessages,
} from '../../../protocol/schemas/params.js';

/** The number an {@link Id} names. */
export function toId(value: number | string): number {
  return Number(value);
}

/** The number an `OptionalId` names, or undefined when it was not given. */
export function toOptionalId(value: number | string | null | false | undefined): number | undefined {
  return value === undefined || value === null || value === false || value === '' ? undefined : Number(value);
}

/** The text of an `OptionalText`, or `fallback` when it was not given. */
export function textOr(value: string | null | false | undefined, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/** The uuid of a `SessionUuid` parameter, or undefined when it is not even shaped like one. */
export function sessionUuid(value: unknown): string | undefined {
  return typeof value === 'string' && SESSION_UUID_PATTERN.test(value) ? value : undefined;
}

/**
 * The number an {@link Id} would give, or undefined for anything else, for a parameter whose bad value
 * must cost nothing but itself (it comes from a cookie the visitor controls).
 */
export function lenientId(value: unknown): number | undefined {
  return Value.Check(ID_SCHEMA, value) ? toId(value as number | string) : undefined;
}

const ID_SCHEMA = Id();
