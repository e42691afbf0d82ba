import Type, { type TSchema } from 'typebox';
import { TEXT_PATTERN } from './text.js';

/**
 * Schemas of answers that are not JSON (pages, files, redirects) and of URL parts, for the routes that
 * are not JSON-RPC. Fastify serialises only objects, so these document the answer and change nothing
 * that is sent.
 */

type Described = { description: string };

/** An answer of the given media type(s) with no JSON body (`*` + `/*` for any). */
export function Media(description: string, types: readonly string[], schema: TSchema = Type.String()): Described & { content: Record<string, { schema: TSchema }> } {
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema }])) };
}

/** File bytes of any type. */
export function FileBytes(description: string): ReturnType<typeof Media> {
  return Media(description, ['*/*'], Type.String({ format: 'binary' }));
}

/** A short `text/plain` explanation (an error page). */
export function PlainText(description: string): ReturnType<typeof Media> {
  return Media(description, ['text/plain']);
}

/** An HTML page. */
export function HtmlPage(description: string): ReturnType<typeof Media> {
  return Media(description, ['text/html']);
}

/** A redirect: no body, a `Location` header. */
export function Redirect(description: string): TSchema {
  return Type.Null({ description });
}

/** `{error}`: what a failing non-JSON-RPC route answers (plugins/jsonrpc.ts error handler). */
export const HttpErrorSchema = Type.Object({ error: Type.String() });

/** Longest query value and path segment a route reads; longer ones are refused (400) before the handler. */
const QUERY_VALUE_MAX = 2048;
const PATH_SEGMENT_MAX = 256;

/**
 * A query-string parameter as the parser gives it: one value, or a list when it is repeated. Read
 * leniently by the handler, so an odd query never fails a request that ignoring it would serve.
 */
export function QueryValue(description: string): TSchema {
  const value = Type.String({ maxLength: QUERY_VALUE_MAX, pattern: TEXT_PATTERN });
  return Type.Union([value, Type.Array(value, { maxItems: 20 })], { description });
}

/** A path segment; the handler answers "not found" for one it does not know, whatever its shape (but text, and short). */
export function PathSegment(description: string): TSchema {
  return Type.String({ description, maxLength: PATH_SEGMENT_MAX, pattern: TEXT_PATTERN });
}
