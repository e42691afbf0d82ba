/** A JSON-RPC handler may answer later, through a promise or a deferred result, in the same envelope. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Fastify, { type FastifyReply } from 'fastify';
import Type from 'typebox';
import { jsonRpcPlugin } from '../../../../src/server/core/rpc/jsonrpc-plugin.js';
import { DeferredRpcResult } from '../../../../src/server/core/rpc/deferred.js';
import { RpcError } from '../../../../src/server/core/rpc/errors.js';

class Later extends DeferredRpcResult<string[]> {
  constructor(reply: FastifyReply) {
    super(reply);
  }
  ok(value: string[]): void {
    this.resolveResult(value);
  }
  ko(err: unknown): void {
    this.rejectResult(err);
  }
}

async function appWith(handler: (reply: FastifyReply) => unknown) {
  const app = Fastify({ logger: false });
  await app.register(jsonRpcPlugin, { development: false });
  app.rpc('/call', { params: Type.Object({}), result: Type.Unknown() }, (_params, _request, reply) => handler(reply) as never);
  await app.ready();
  const call = async () => (await app.inject({ method: 'POST', url: '/call', payload: { jsonrpc: '2.0', method: 'call', params: {}, id: 7 } })).json();
  return { app, call };
}

test('a deferred result settled later answers with the result, in the envelope', async () => {
  const { app, call } = await appWith((reply) => {
    const later = new Later(reply);
    setTimeout(() => later.ok(['a', 'b']), 20);
    return later;
  });
  assert.deepEqual(await call(), { jsonrpc: '2.0', id: 7, result: ['a', 'b'] });
  await app.close();
});

test('a deferred result settled before the route attached to it still answers', async () => {
  const { app, call } = await appWith((reply) => {
    const later = new Later(reply);
    later.ok(['early']);
    return later;
  });
  assert.deepEqual(await call(), { jsonrpc: '2.0', id: 7, result: ['early'] });
  await app.close();
});

test('a deferred error answers with the error envelope; an unexpected one hides its message', async () => {
  const user = await appWith((reply) => {
    const later = new Later(reply);
    setTimeout(() => later.ko(new RpcError('not allowed here')), 5);
    return later;
  });
  const answer = (await user.call()) as { id: number; error: { data: { message: string } } };
  assert.equal(answer.id, 7);
  assert.equal(answer.error.data.message, 'not allowed here');
  await user.app.close();
  const internal = await appWith((reply) => {
    const later = new Later(reply);
    setTimeout(() => later.ko(new Error('secret detail')), 5);
    return later;
  });
  const hidden = (await internal.call()) as { error: { data: { message: string } } };
  assert.equal(hidden.error.data.message, 'Internal server error');
  await internal.app.close();
});

test('a promise, a plain value and a thrown error keep their answers', async () => {
  const promised = await appWith(async () => 42);
  assert.deepEqual(await promised.call(), { jsonrpc: '2.0', id: 7, result: 42 });
  await promised.app.close();
  const plain = await appWith(() => undefined);
  assert.deepEqual(await plain.call(), { jsonrpc: '2.0', id: 7 });
  await plain.app.close();
  const thrown = await appWith(() => {
    throw new RpcError('bad input', 'validation_error');
  });
  assert.equal(((await thrown.call()) as { error: { data: { message: string } } }).error.data.message, 'bad input');
  await thrown.app.close();
});
