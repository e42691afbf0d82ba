/**
 * The domain event hub (core/events.ts): typed by event name, listeners run after the emitter's write
 * committed and after its call returned, and a failing listener breaks neither the request nor the others.
 */
import { it, test } from 'node:test';
import assert from 'node:assert/strict';
import { EventHub } from '../../../src/server/core/events.js';
import { describeEachEngine } from '../support/harness.js';

interface TestEvents {
  'thing.done': { id: number };
  'thing.undone': { id: number; why: string };
}

/** A logger that remembers what it was told. */
function recordingLog() {
  const errors: { obj: unknown; msg: string }[] = [];
  return { errors, error: (obj: unknown, msg: string) => errors.push({ obj, msg }) } as unknown as { errors: { obj: unknown; msg: string }[]; error(obj: unknown, msg?: string): void };
}

test('listeners get their event’s payload, in the order they were added, after emit returned', async () => {
  const hub = new EventHub<TestEvents>(recordingLog());
  const seen: string[] = [];
  hub.on('thing.done', ({ id }) => void seen.push(`first ${id}`));
  hub.on('thing.done', async ({ id }) => {
    await Promise.resolve();
    seen.push(`second ${id}`);
  });
  hub.on('thing.undone', ({ why }) => void seen.push(`undone ${why}`));
  hub.emit('thing.done', { id: 7 });
  assert.deepEqual(seen, [], 'no listener runs inside the emitter’s call');
  await hub.idle();
  assert.deepEqual(seen, ['first 7', 'second 7']);
});

test('a throwing or rejecting listener is logged and the other listeners still run', async () => {
  const log = recordingLog();
  const hub = new EventHub<TestEvents>(log);
  const seen: number[] = [];
  hub.on('thing.done', () => {
    throw new Error('boom');
  });
  hub.on('thing.done', () => Promise.reject(new Error('later boom')));
  hub.on('thing.done', ({ id }) => void seen.push(id));
  assert.doesNotThrow(() => hub.emit('thing.done', { id: 1 }));
  await hub.idle();
  assert.deepEqual(seen, [1]);
  assert.equal(log.errors.length, 2);
  assert.ok(log.errors.every((e) => e.msg === 'event listener failed'));
});

test('a listener removed stops hearing', async () => {
  const hub = new EventHub<TestEvents>(recordingLog());
  const seen: number[] = [];
  const off = hub.on('thing.done', ({ id }) => void seen.push(id));
  hub.emit('thing.done', { id: 1 });
  await hub.idle();
  off();
  hub.emit('thing.done', { id: 2 });
  await hub.idle();
  assert.deepEqual(seen, [1]);
});

describeEachEngine('domain events of the app', (h) => {
  it('message.posted is heard once the message is stored; a failing listener does not break the post', async () => {
    const { session, channel } = await h.visitorSession();
    const found: unknown[] = [];
    const offFailing = h.app.events.on('message.posted', () => {
      throw new Error('a broken listener');
    });
    const off = h.app.events.on('message.posted', async (event) => {
      found.push({ ...event, stored: (await h.app.store.getMessage(event.messageId))?.session_id });
    });
    try {
      const id = await h.call<number>('/mail/chat_post', { uuid: session.uuid, message_content: 'hello' });
      assert.equal(typeof id, 'number');
      await h.app.events.idle();
      assert.deepEqual(found, [{ sessionId: session.id, channelId: channel.id, messageId: id, author: 'visitor', operatorId: null, status: 'open', participants: 0, stored: session.id }]);
    } finally {
      off();
      offFailing();
    }
  });

  it('conversation.created, session.rated and conversation.closed follow a chat’s life', async () => {
    const names: string[] = [];
    const offs = (['conversation.created', 'session.rated', 'conversation.closed'] as const).map((name) => h.app.events.on(name, () => void names.push(name)));
    try {
      const { session, cookie } = await h.visitorSession();
      await h.call('/im_livechat/feedback', { uuid: session.uuid, rate: 5 });
      await h.call('/im_livechat/operator/close_session', { session_id: session.id }, { cookie });
      await h.call('/im_livechat/operator/close_session', { session_id: session.id }, { cookie });
      await h.app.events.idle();
      assert.deepEqual(names, ['conversation.created', 'session.rated', 'conversation.closed']);
    } finally {
      for (const off of offs) off();
    }
  });
});
