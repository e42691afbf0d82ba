/** Cutting a message payload where its id goes, so PostgreSQL completes it with the id it draws. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { payloadTemplate } from '../../../../src/server/core/bus/bus-write-store.js';

test('the id is found wherever the payload carries it, and only there', () => {
  const render = (id: number) => ({ id, body: 'text 1111111111111111 mentioned by the visitor', link: `/web/content/${id}`, nested: [{ message_id: id }] });
  const parts = payloadTemplate(render)!;
  assert.equal(parts.length, 4);
  assert.equal(parts.join('42'), JSON.stringify(render(42)));
});

test('a payload without the id is one piece', () => {
  assert.deepEqual(payloadTemplate(() => ({ info: 'typing' })), [JSON.stringify({ info: 'typing' })]);
});

test('a payload that derives anything else from the id cannot be templated', () => {
  assert.equal(payloadTemplate((id) => ({ double: id * 2 })), undefined);
  assert.equal(payloadTemplate((id) => ({ hex: id.toString(16) })), undefined);
});
