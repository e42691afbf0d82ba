/**
 * Builders of route parameter schemas (TypeBox), shared by the server, which validates by them, and the
 * contracts (console.ts), whose `Static` types the console names with `import type`. Each carries its
 * error messages under {@link ERROR_MESSAGES}; the server's rpc/invalid-params.ts reads them.
 */
import Type, { type TSchema, type TUnsafe } from 'typebox';
import { POST_KEY_PARAM, POST_KEY_PATTERN } from '../livechat.js';
import type { RpcExceptionType } from '../rpc.js';
import { TEXT_PATTERN } from './text.js';

/**
 * The annotation that gives a parameter's error messages, by the failing JSON Schema keyword (`default`
 * for any other): the text the client reads in `data.message` (the server's rpc/invalid-params.ts fills `{key}`,
 * `{limit}`, `{name}` and `{problem}`). An `x-` name, so validators and OpenAPI tools pass it through.
 */
export const ERROR_MESSAGES = 'x-error';

/** Error message templates of one parameter, by JSON Schema keyword. */
export type ErrorMessages = Partial<Record<string, string>> & { default?: string };

/**
 * The error's `data.name` and `data.exception_type` when they are not the usual `livechat.ValidationError`
 * and `validation_error`: a call whose protocol (the Odoo bus) gives its own.
 */
export const ERROR_KIND = 'x-error-kind';

/** The value of {@link ERROR_KIND}. */
export interface ErrorKind {
  name: string;
  exception_type: RpcExceptionType;
}

type Annotations = { description?: string; [ERROR_MESSAGES]?: ErrorMessages; [ERROR_KIND]?: ErrorKind };

const ID_DIGITS = '\\d{1,15}';
const idNumber = { minimum: 0, maximum: Number.MAX_SAFE_INTEGER };

/**
 * A record id: a non-negative integer, or its decimal digits as a string, because cookies carry ids as
 * text. The server's handlers read it with `toId` (server/core/schemas/params.ts).
 */
export function Id(annotations: Annotations = {}): TUnsafe<number | string> {
  return Type.Unsafe<number | string>({
    type: ['integer', 'string'],
    ...idNumber,
    pattern: `^${ID_DIGITS}$`,
    [ERROR_MESSAGES]: { default: '{key} must be a positive integer' },
    ...annotations,
  });
}

/** Like {@link Id}, but `null`, `false` and `""` mean "not given", as does leaving it out. */
export function OptionalId(annotations: Annotations = {}): TUnsafe<number | string | null | false> {
  return Type.Unsafe<number | string | null | false>({
    type: ['integer', 'string', 'null', 'boolean'],
    ...idNumber,
    pattern: `^(${ID_DIGITS})?$`,
    not: { const: true },
    [ERROR_MESSAGES]: { default: '{key} must be a positive integer' },
    ...annotations,
  });
}

const textMessages: ErrorMessages = {
  maxLength: '{key} must be at most {limit} characters',
  pattern: '{key} {problem}',
  default: '{key} must be a string',
};

/** At most `max` UTF-16 code units of well-formed text without control characters (text.ts). */
export function Text(max: number, annotations: Annotations & { pattern?: never; minLength?: number } = {}): TUnsafe<string> {
  return Type.Unsafe<string>({ type: 'string', maxLength: max, pattern: TEXT_PATTERN, [ERROR_MESSAGES]: textMessages, ...annotations });
}

/** Like {@link Text}, but `null` and `false` mean "not given", as does leaving it out. */
export function OptionalText(max: number, annotations: Annotations = {}): TUnsafe<string | null | false> {
  return Type.Unsafe<string | null | false>({
    type: ['string', 'null', 'boolean'],
    maxLength: max,
    pattern: TEXT_PATTERN,
    not: { const: true },
    [ERROR_MESSAGES]: textMessages,
    ...annotations,
  });
}

/**
 * An e-mail address of at most `max` characters, well-formed text like every other. Whether it is one is email-address.ts's rule (the
 * widget's own, applied after trimming, with an optional `mailto:`), which a schema cannot apply.
 */
export function Email(max: number, description = 'An e-mail address'): TUnsafe<string> {
  return Type.Unsafe<string>({ type: 'string', maxLength: max, pattern: TEXT_PATTERN, description, [ERROR_MESSAGES]: { default: 'Invalid email address' } });
}

/** `true` or `false`. */
export function Bool(annotations: Annotations = {}): TUnsafe<boolean> {
  return Type.Unsafe<boolean>({ type: 'boolean', [ERROR_MESSAGES]: { default: '{key} must be true or false' }, ...annotations });
}

/**
 * A visitor session's uuid. The schema accepts any value: a malformed uuid must be answered exactly like
 * an unknown one, so the answer never tells a guesser more than "no such conversation", and a schema
 * error would. The server's handlers read it with `sessionUuid` (server/core/schemas/params.ts).
 */
export function SessionUuid(description = 'The conversation’s uuid, the visitor’s credential; anything else is answered like an unknown conversation.'): TUnsafe<unknown> {
  return Type.Unsafe<unknown>({ description, examples: ['2b7f2a4c-8f0e-4d52-9a51-0c6f1d3e5a7b'] });
}

/** An operator names a visitor's conversation by its id; any other value falls back to the uuid (not an error). */
export const OperatorSessionId = Type.Unsafe<unknown>({ description: 'An operator’s way to name the conversation (its id); visitors use the uuid' });

/** A post key (livechat.ts POST_KEY_PARAM); `null` means none. */
export const PostKey = Type.Unsafe<string | null>({
  type: ['string', 'null'],
  pattern: POST_KEY_PATTERN.source,
  description: 'Drawn once per message and sent again with each retry, so a retried post is stored once',
  [ERROR_MESSAGES]: { default: `${POST_KEY_PARAM} must be 16 to 64 letters, digits, - or _` },
});

/** The text of a message: not blank, at most `max` characters, well-formed (checked in this order). */
export function MessageText(max: number, annotations: Annotations = {}): TUnsafe<string> {
  return Type.Unsafe<string>({
    type: 'string',
    // `type` inside `not`: a value that is no string at all is told so, not called empty.
    not: { type: 'string', pattern: '^\\s*$' },
    maxLength: max,
    pattern: TEXT_PATTERN,
    [ERROR_MESSAGES]: { not: 'The message is empty', maxLength: 'The message is too long: at most {limit} characters', pattern: '{key} {problem}', default: '{key} must be a string' },
    ...annotations,
  });
}

/** One of `values`, refused with `message` otherwise. */
export function OneOf<const T extends string | number>(values: readonly T[], message: string, annotations: Annotations = {}): TUnsafe<T> {
  return Type.Unsafe<T>({ enum: [...values], [ERROR_MESSAGES]: { default: message }, ...annotations });
}

/** Whatever JSON the caller sends; the handler's own code checks it (each use says why). */
export function AnyJson(description: string): TSchema {
  return Type.Unknown({ description });
}
