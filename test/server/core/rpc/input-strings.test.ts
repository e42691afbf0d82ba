/**
 * Every string a client sends is checked for control characters and lone surrogates (the shared text
 * pattern, schemas/text.ts) and bounded in length, in every route's body, query and path schema, so a
 * new schema cannot forget them: such text reaches the database, the logs and other people's screens.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { RouteOptions } from 'fastify';
import { Harness, describeEachEngine } from '../../support/harness.js';
import { TEXT_CHARACTER } from '../../../../src/server/core/schemas/text.js';
import { OFFLINE_MESSAGE_ROUTE } from '../../../../src/protocol/offline-message.js';
import { EMAIL_TRANSCRIPT_ROUTE } from '../../../../src/protocol/routes.js';

/** Where a string is safe without the text pattern: a closed list, a file's bytes, or a stricter pattern. */
function checked(schema: Record<string, unknown>): boolean {
  if ('enum' in schema || 'const' in schema || schema.format === 'binary') return true;
  if (typeof schema.pattern !== 'string') return false;
  // The shared pattern, or an anchored one that refuses those characters anywhere (ids, keys, hex digits).
  const pattern = new RegExp(schema.pattern, 'u');
  return schema.pattern.includes(TEXT_CHARACTER) || (/^\^.*\$$/.test(schema.pattern) && BAD.every((c) => ['', 'a', '1'].every((x) => !pattern.test(x + c) && !pattern.test(c + x))));
}

/** Characters the shared text check refuses: control characters and lone surrogates. */
const BAD = ['\u0000', '\u0007', '\u007f', '\u0085', '\ud800', '\udc00'];

/** Whether a string schema has a length bound, by `maxLength` or by a pattern that repeats nothing without end. */
function bounded(schema: Record<string, unknown>): boolean {
  if (typeof schema.maxLength === 'number' || 'enum' in schema || 'const' in schema || schema.format === 'binary') return true;
  return typeof schema.pattern === 'string' && /^\^.*\$$/.test(schema.pattern) && !/[+*]|\{\d+,\}/.test(schema.pattern);
}

function stringTyped(schema: Record<string, unknown>): boolean {
  const type = schema.type;
  return type === 'string' || (Array.isArray(type) && type.includes('string'));
}

/** The paths of string schemas under `schema` that lack the text check or a length bound. */
function unchecked(schema: unknown, path: string, found: string[]): string[] {
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => unchecked(s, `${path}[${i}]`, found));
    return found;
  }
  if (schema === null || typeof schema !== 'object') return found;
  const s = schema as Record<string, unknown>;
  if (stringTyped(s)) {
    if (!checked(s)) found.push(`${path}: no text check`);
    if (!bounded(s)) {
      found.push(`${path}: no length bound`);
    }
  }
  for (const [key, value] of Object.entries(s)) if (key !== 'not' && key !== 'examples' && key !== 'default') unchecked(value, `${path}.${key}`, found);
  return found;
}

/** Strings deliberately read leniently, each with its reason; every other string is checked. */
const LENIENT: Record<string, string> = {
  'POST /longpolling/poll body.properties.params.properties.channels.items':
    'a channel the caller may not read is left out of the answer, whatever its name (PROTOCOL.md §4.1); names are compared, never stored',
};

describe('input strings of every route', () => {
  const h = new Harness('sqlite');
  const routes: RouteOptions[] = [];
  h.onRoute = (route) => void routes.push(route);
  before(() => h.start());
  after(() => h.stop());

  it('carry the shared text check (no control characters, no lone surrogates) and a length bound', () => {
    const found: string[] = [];
    for (const route of routes) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const part of ['body', 'querystring', 'params', 'headers']) unchecked(schema[part], `${String(route.method)} ${route.url} ${part}`, found);
    }
    const lenient = Object.keys(LENIENT);
    const left = found.filter((f) => !lenient.some((path) => f.startsWith(`${path}:`)));
    assert.ok(routes.length > 30, 'routes were collected');
    assert.deepEqual(left, []);
  });
});

describeEachEngine('e-mail parameters are text like every other', (h) => {
  it('a lone surrogate or a control character in an e-mail is a validation error, never an internal one', async () => {
    const { session, channel } = await h.visitorSession();
    for (const email of ['a\ud800@example.org', 'a\udc00b@example.org', 'a\u0000@example.org', 'v@example.org\u0007']) {
      for (const [url, params] of [
        [EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email }],
        [OFFLINE_MESSAGE_ROUTE, { channel_id: channel.id, name: 'V', email, message: 'hello' }],
      ] as const) {
        const { body } = await h.rpc(url, params);
        assert.equal(body.error?.data.exception_type, 'validation_error', `${url} ${JSON.stringify(email)}: ${JSON.stringify(body.error)}`);
        assert.equal(body.error?.data.message, 'Invalid email address');
      }
    }
  });
});
