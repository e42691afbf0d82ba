/**
 * Issue 26: a visitor waiting in the queue sends files and answers the page-history question as in an
 * assigned chat, within the same bounds; the operator who takes the conversation sees both. Hostile input:
 * another visitor's or a closed conversation's uuid, a file over the channel's limit, a type the channel
 * refuses, prototype keys and wrong types.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import type { ChatMessage, MessageAttachment } from '../../../../src/protocol/livechat.js';
import { VISITOR_UPLOAD_ROUTE } from '../../../../src/protocol/visitor-upload.js';
import type { ConversationDetail } from '../../../../src/protocol/operator-console.js';
import { CLOSE_SESSION_ROUTE, CONVERSATION_ROUTE, VISITOR_CARD_ROUTE } from '../../../../src/protocol/console/routes.js';
import { QUEUE_TAKE_ROUTE } from '../../../../src/protocol/console/queue-routes.js';
import { HISTORY_ROUTE } from '../../../../src/protocol/routes.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';
import { multipart, tinyPng, type Part } from '../../support/multipart.js';
import { QUEUE_ENV, holder, opened, queuedChannel } from './queue-support.js';

type Answer = { message_id?: number; attachments?: MessageAttachment[]; error?: { code: string; message: string } };

async function upload(h: Harness, parts: Part[]) {
  const { body, contentType } = multipart(parts);
  const res = await h.app.inject({ method: 'POST', url: VISITOR_UPLOAD_ROUTE, headers: { 'content-type': contentType }, payload: body });
  return { status: res.statusCode, json: res.json() as Answer };
}

const filePart = (uuid: string, value: Buffer | string, filename: string): Part[] => [
  { name: 'uuid', value: uuid },
  { name: 'file', value, filename, contentType: 'application/octet-stream' },
];

/** A channel whose one operator holds a conversation, and a visitor waiting behind it. */
async function waitingVisitor(h: Harness) {
  const ctx = await queuedChannel(h, 1);
  const first = await opened(h, ctx.channel.id);
  const waiting = await opened(h, ctx.channel.id);
  assert.deepEqual(waiting.queue, { position: 1, expected_wait_ms: null }, 'the second visitor waits');
  return { ...ctx, first, waiting };
}

describeEachEngine(
  'a waiting visitor’s files and pages',
  (h) => {
    it('a waiting visitor sends a file and answers the page history; the operator who takes the conversation sees both', async () => {
      const { cookie, operator, waiting } = await waitingVisitor(h);
      const sent = await upload(h, filePart(waiting.uuid, tinyPng(), 'screenshot.png'));
      assert.equal(sent.status, 200, JSON.stringify(sent.json));
      assert.equal(sent.json.attachments?.[0]?.name, 'screenshot.png');
      assert.equal(await h.call(HISTORY_ROUTE, { channel_uuid: waiting.uuid, page_history: ['/pricing', '/checkout?step=2'] }), true);
      assert.deepEqual(await h.app.store.getVisitorSession(waiting.id).then((s) => s?.page_history && JSON.parse(s.page_history)), ['/pricing', '/checkout?step=2'], 'stored while waiting');

      assert.deepEqual(await h.call(QUEUE_TAKE_ROUTE, { session_id: waiting.id }, { cookie }), { session_id: waiting.id });
      assert.equal(await holder(h, waiting.id), operator.id);
      const detail = await h.call<ConversationDetail>(CONVERSATION_ROUTE, { session_id: waiting.id }, { cookie });
      assert.deepEqual(detail.messages.flatMap((m: ChatMessage) => m.attachment_ids.map((a) => a.name)), ['screenshot.png']);
      const card = await h.call<{ pages: string[] }>(VISITOR_CARD_ROUTE, { session_id: waiting.id }, { cookie });
      assert.deepEqual(card.pages, ['/pricing', '/checkout?step=2']);
    });

    it('the same bounds as an assigned chat: the channel’s size and types, closed or unknown conversations refused alike', async () => {
      const { channel, cookie, waiting } = await waitingVisitor(h);
      await h.app.store.updateChannel(channel.id, { visitor_upload_max_bytes: 1000, visitor_upload_types: 'image/*' });
      const tooLarge = await upload(h, filePart(waiting.uuid, Buffer.alloc(1001, 0x61), 'big.png'));
      assert.deepEqual([tooLarge.status, tooLarge.json.error?.code], [413, 'file_too_large']);
      const wrongType = await upload(h, filePart(waiting.uuid, 'just text', 'notes.txt'));
      assert.deepEqual([wrongType.status, wrongType.json.error?.code], [415, 'type_not_allowed']);
      const protoField = await upload(h, [{ name: '__proto__', value: waiting.uuid }, { name: 'file', value: tinyPng(), filename: 'a.png' }]);
      assert.deepEqual([protoField.status, protoField.json.error?.code], [404, 'session_expired'], 'a field named __proto__ is not the uuid');
      const unknown = await upload(h, filePart('00000000-0000-4000-8000-000000000000', tinyPng(), 'a.png'));
      assert.deepEqual([unknown.status, unknown.json.error?.code], [404, 'session_expired']);

      await h.call(CLOSE_SESSION_ROUTE, { session_id: waiting.id }, { cookie });
      assert.notEqual((await h.app.store.getVisitorSession(waiting.id))?.closed_at, null);
      const closed = await upload(h, filePart(waiting.uuid, tinyPng(), 'late.png'));
      assert.deepEqual([closed.status, closed.json.error?.code], [404, 'session_expired'], 'a conversation that left the queue takes no more files');
    });

    it('page history while waiting keeps its bounds: wrong types, control characters, too many pages, prototype keys', async () => {
      const { waiting, operator } = await waitingVisitor(h);
      for (const page_history of ['/a', [42], ['/a\u0000b'], Array.from({ length: 500 }, (_, i) => `/p${i}`), ['x'.repeat(5000)]]) {
        const { body } = await h.rpc(HISTORY_ROUTE, { channel_uuid: waiting.uuid, page_history });
        assert.ok(body.error, `refused: ${JSON.stringify(page_history).slice(0, 40)}`);
      }
      const { body } = await h.rpc(HISTORY_ROUTE, JSON.parse(`{"channel_uuid":"${waiting.uuid}","page_history":["/ok"],"__proto__":{"polluted":true}}`));
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
      assert.ok(body.error, 'a prototype key refuses the body');
      assert.equal((await h.app.store.getVisitorSession(waiting.id))?.page_history ?? null, null, 'nothing stored from a refused call');
      const notices = (await h.app.busStore.listNotifications({ channels: [`operator:${operator.id}`] })).filter((n) => n.message.includes('transient_message'));
      assert.deepEqual(notices, [], 'nobody asked: no operator is told while the conversation waits');
    });
  },
  QUEUE_ENV,
);
