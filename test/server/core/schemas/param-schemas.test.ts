/**
 * The parameter kinds of route schemas (src/protocol/schemas/params.ts; their readers are in
 * src/server/core/schemas/params.ts) accept and refuse what the hand checks they replaced did, with the
 * same JSON-RPC errors: `validation_error`, the same `data.message`, the call's id, and missing, null or
 * false meaning "not given" where it did.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyInstance } from 'fastify';
import Type from 'typebox';
import { jsonRpcPlugin } from '../../../../src/server/core/rpc/jsonrpc-plugin.js';
import { AJV_OPTIONS } from '../../../../src/server/core/schemas/ajv.js';
import { Bool, Id, MessageText, OneOf, OptionalId, OptionalText, Text, lenientId, textOr, toOptionalId } from '../../../../src/server/core/schemas/params.js';

describe('parameter kinds', () => {
  let app: FastifyInstance;
  before(async () => {
    app = Fastify({ logger: false, ajv: AJV_OPTIONS });
    await app.register(jsonRpcPlugin, { development: false });
    app.rpc('/id', { params: Type.Object({ k: Id() }), result: Type.Unknown() }, (p) => p.k);
    app.rpc('/optional-id', { params: Type.Object({ k: Type.Optional(OptionalId()) }), result: Type.Unknown() }, (p) => toOptionalId(p.k) ?? 'none');
    app.rpc('/text', { params: Type.Object({ k: Text(5) }), result: Type.Unknown() }, (p) => p.k);
    app.rpc('/optional-text', { params: Type.Object({ k: Type.Optional(OptionalText(5)) }), result: Type.Unknown() }, (p) => textOr(p.k, 'fallback'));
    app.rpc('/bool', { params: Type.Object({ k: Bool() }), result: Type.Unknown() }, (p) => p.k);
    app.rpc('/message', { params: Type.Object({ k: MessageText(5) }), result: Type.Unknown() }, (p) => p.k);
    app.rpc('/one-of', { params: Type.Object({ k: OneOf([5, 3, 1], 'k must be 5, 3 or 1') }), result: Type.Unknown() }, (p) => p.k);
    app.rpc('/two', { params: Type.Object({ a: Id(), b: Text(3) }), result: Type.Unknown() }, () => 'ok');
    await app.ready();
  });
  after(() => app.close());

  const call = async (url: string, body: unknown) => (await app.inject({ method: 'POST', url, payload: body as object })).json() as { id?: unknown; result?: unknown; error?: { code: number; data: { message: string; exception_type: string; name: string } } };
  const answer = async (url: string, params: Record<string, unknown>) => {
    const body = await call(url, { jsonrpc: '2.0', method: 'call', id: 9, params });
    assert.equal(body.id, 9, 'the answer keeps the call’s id');
    if (!body.error) return { result: body.result };
    assert.equal(body.error.code, 200);
    assert.equal(body.error.data.exception_type, 'validation_error');
    assert.equal(body.error.data.name, 'livechat.ValidationError');
    return { message: body.error.data.message };
  };
  const refusals = async (url: string, values: unknown[], message: string) => {
    for (const k of values) assert.deepEqual(await answer(url, { k }), { message }, `${url} ${JSON.stringify(k)}`);
  };

  it('ids: non-negative safe integers or their digits as text (cookies carry ids as text)', async () => {
    for (const k of [0, 7, '12', Number.MAX_SAFE_INTEGER]) assert.deepEqual(await answer('/id', { k }), { result: k });
    await refusals('/id', [-1, 1.5, true, false, null, 'x', '', '1e3', ' 1', '1234567890123456', 1e308, [], {}, [1]], 'k must be a positive integer');
    assert.deepEqual(await answer('/id', {}), { message: 'k must be a positive integer' });
  });

  it('optional ids: missing, null, false and "" are not given; true and the rest are refused', async () => {
    for (const k of [undefined, null, false, '']) assert.deepEqual(await answer('/optional-id', k === undefined ? {} : { k }), { result: 'none' });
    assert.deepEqual(await answer('/optional-id', { k: '42' }), { result: 42 });
    await refusals('/optional-id', [true, -1, 'x', [], {}], 'k must be a positive integer');
  });

  it('texts: bounded in UTF-16 units, no control characters, no lone surrogates', async () => {
    for (const k of ['', 'abcde', 'tab\t', '😀😀', 'a\nb']) assert.deepEqual(await answer('/text', { k }), { result: k });
    await refusals('/text', [5, true, null, [], {}], 'k must be a string');
    await refusals('/text', ['abcdef', '😀😀😀'], 'k must be at most 5 characters');
    await refusals('/text', ['a\u0000', 'bell\u0007', '\u007f', '\u0085'], 'k contains a control character');
    await refusals('/text', ['\uD800', 'a\uDC00'], 'k is not well-formed Unicode');
    assert.deepEqual(await answer('/text', {}), { message: 'k must be a string' });
  });

  it('optional texts: missing, null and false are not given; true is refused', async () => {
    for (const k of [undefined, null, false]) assert.deepEqual(await answer('/optional-text', k === undefined ? {} : { k }), { result: 'fallback' });
    assert.deepEqual(await answer('/optional-text', { k: '' }), { result: '' });
    await refusals('/optional-text', [true, 1, []], 'k must be a string');
    await refusals('/optional-text', ['abcdef'], 'k must be at most 5 characters');
  });

  it('booleans are true or false, never "true" or 1', async () => {
    for (const k of [true, false]) assert.deepEqual(await answer('/bool', { k }), { result: k });
    await refusals('/bool', ['true', 1, 0, null, []], 'k must be true or false');
  });

  it('message texts: not blank, then bounded, then well-formed', async () => {
    await refusals('/message', [{ toString: 'x' }, 5, null], 'k must be a string');
    await refusals('/message', ['', '   ', '\n\t', '      '], 'The message is empty');
    await refusals('/message', ['abcdef'], 'The message is too long: at most 5 characters');
    await refusals('/message', ['a\u0001'], 'k contains a control character');
  });

  it('one of a list, with the route’s own message', async () => {
    assert.deepEqual(await answer('/one-of', { k: 3 }), { result: 3 });
    await refusals('/one-of', [2, '5', null, true], 'k must be 5, 3 or 1');
  });

  it('a missing parameter is reported before a wrong one, then in the order the schema names them', async () => {
    assert.deepEqual(await answer('/two', { b: 'toolong' }), { message: 'a must be a positive integer' });
    assert.deepEqual(await answer('/two', { a: 'x', b: 'toolong' }), { message: 'a must be a positive integer' });
    assert.deepEqual(await answer('/two', { b: 'toolong', a: 1 }), { message: 'b must be at most 3 characters' });
  });

  it('the envelope: missing or null params are {}, other shapes are refused, deep params too', async () => {
    assert.deepEqual(await call('/optional-id', { jsonrpc: '2.0', id: 1 }), { jsonrpc: '2.0', id: 1, result: 'none' });
    assert.deepEqual(await call('/optional-id', { jsonrpc: '2.0', id: 1, params: null }), { jsonrpc: '2.0', id: 1, result: 'none' });
    assert.equal((await call('/optional-id', { jsonrpc: '2.0', id: 1, params: [1] })).error?.data.message, 'params must be an object');
    assert.equal((await call('/optional-id', { jsonrpc: '2.0', id: 1, params: 'x' })).error?.data.message, 'params must be an object');
    assert.equal((await call('/optional-id', [1, 2])).error?.data.message, 'The request body must be a JSON-RPC object');
    let deep: unknown = 1;
    for (let i = 0; i < 40; i += 1) deep = { d: deep };
    assert.match((await call('/optional-id', { jsonrpc: '2.0', id: 1, params: { k: 'x', deep } })).error?.data.message ?? '', /nested too deeply/);
  });

  it('a lenient id reads what an id would give, and anything else as not given', () => {
    assert.equal(lenientId('12'), 12);
    assert.equal(lenientId(3), 3);
    for (const bad of ['x', -1, null, true, {}, '1234567890123456']) assert.equal(lenientId(bad), undefined);
  });
});
