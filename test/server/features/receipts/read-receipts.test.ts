/**
 * Issue 15: "Seen" receipts. The console marks a conversation read; the visitor is told over the bus and
 * finds it again in its history after a reload. Hostile input: other operators, other conversations'
 * messages, malformed ids, going backwards.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel, type ChatMessage } from '../../../../src/protocol/livechat.js';
import type { ConversationSummary } from '../../../../src/protocol/operator-console.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';
import { CONVERSATIONS_ROUTE, CONVERSATION_ROUTE, MARK_SEEN_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CHAT_HISTORY_ROUTE, CHAT_POST_ROUTE } from '../../../../src/protocol/routes.js';

async function seenNotices(h: Harness, uuid: string): Promise<Record<string, unknown>[]> {
  return (await h.app.busStore.listNotifications({ channels: [BusChannel.visitor(uuid)] }))
    .map((n) => JSON.parse(n.message) as Record<string, unknown>)
    .filter((p) => p.info === 'channel_seen');
}

describeEachEngine('read receipts', (h) => {
  it('marking read tells the visitor once, only forward, and the history keeps it for the visitor’s messages up to there', async () => {
    const { session, cookie } = await h.visitorSession();
    const first = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Hello?' });
    const second = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Anyone there?' });
    const history = () => h.call<ChatMessage[]>(CHAT_HISTORY_ROUTE, { uuid: session.uuid, limit: 20 });
    assert.deepEqual((await history()).map((m) => m.seen), [undefined, undefined], 'nothing read yet');

    assert.equal(await h.call(MARK_SEEN_ROUTE, { session_id: session.id, message_id: first }, { cookie }), true);
    assert.deepEqual(await seenNotices(h, session.uuid), [{ info: 'channel_seen', last_message_id: first }]);
    assert.deepEqual((await history()).map((m) => [m.id, m.seen]), [[second, undefined], [first, true]]);

    assert.equal(await h.call(MARK_SEEN_ROUTE, { session_id: session.id, message_id: first }, { cookie }), false, 'already there');
    assert.equal(await h.call(MARK_SEEN_ROUTE, { session_id: session.id, message_id: second }, { cookie }), true);
    assert.equal(await h.call(MARK_SEEN_ROUTE, { session_id: session.id, message_id: first }, { cookie }), false, 'never backwards');
    assert.deepEqual((await seenNotices(h, session.uuid)).map((n) => n.last_message_id), [first, second]);

    const reply = await h.call<number>(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'Yes, hello!' }, { cookie });
    const third = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Great' });
    await h.call(MARK_SEEN_ROUTE, { session_id: session.id, message_id: reply }, { cookie });
    const after = await history();
    assert.deepEqual(
      after.map((m) => [m.id, m.seen]),
      [
        [third, undefined],
        [reply, undefined],
        [second, true],
        [first, true],
      ],
      'the operator’s own messages are not receipts; the newest visitor message waits',
    );
  });

  it('only the conversation’s operator marks it (an admin looking in reads without telling the visitor); other conversations’ messages and malformed ids move nothing', async () => {
    const { session, cookie } = await h.visitorSession();
    const other = await h.visitorSession();
    const mine = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'mine' });
    const theirs = await h.call<number>(CHAT_POST_ROUTE, { uuid: other.session.uuid, message_content: 'theirs' });

    const anonymous = await h.rpc(MARK_SEEN_ROUTE, { session_id: session.id, message_id: mine });
    assert.equal(anonymous.body.error?.code, 100);
    const stranger = await h.rpc(MARK_SEEN_ROUTE, { session_id: session.id, message_id: mine }, { cookie: other.cookie });
    assert.equal(stranger.body.error?.data.exception_type, 'missing_error');
    const unknown = await h.rpc(MARK_SEEN_ROUTE, { session_id: 987_654, message_id: mine }, { cookie: other.cookie });
    assert.equal(unknown.body.error?.data.message, stranger.body.error?.data.message, 'someone else’s conversation looks like a missing one');

    assert.equal(await h.call(MARK_SEEN_ROUTE, { session_id: session.id, message_id: theirs }, { cookie }), false, 'a message of another conversation');
    for (const bad of [null, -1, 1.5, '1; DROP TABLE message', '\u0000', [], { __proto__: { id: 1 } }, 2 ** 60]) {
      for (const params of [{ session_id: session.id, message_id: bad }, { session_id: bad, message_id: mine }]) {
        const { body } = await h.rpc(MARK_SEEN_ROUTE, params, { cookie });
        assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(params));
      }
    }
    for (const key of ['__proto__', 'constructor']) {
      const { body } = await h.rpc(MARK_SEEN_ROUTE, JSON.parse(`{"${key}": {"session_id": ${session.id}}, "message_id": ${mine}}`) as object, { cookie });
      assert.equal(body.error?.data.exception_type, 'validation_error', key);
    }
    assert.deepEqual(await seenNotices(h, session.uuid), []);
    assert.deepEqual(await seenNotices(h, other.session.uuid), []);

    const admin = await h.login('admin', 'admin-test-password');
    assert.equal(await h.call(MARK_SEEN_ROUTE, { session_id: session.id, message_id: mine }, { cookie: admin }), false, 'an admin’s reading is not the visitor’s "Seen"');
    assert.deepEqual(await seenNotices(h, session.uuid), []);
  });

  it('opening a conversation clears its unread count for good: the list read again after a reload says 0 until the visitor writes again', async () => {
    const { session, cookie } = await h.visitorSession();
    await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Hello?' });
    const second = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Anyone there?' });
    const unread = async () => (await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, {}, { cookie })).find((c) => c.id === session.id);
    assert.equal((await unread())?.unread, 2);

    assert.equal(await h.call(MARK_SEEN_ROUTE, { session_id: session.id, message_id: second }, { cookie }), true);
    const seen = await unread();
    assert.equal(seen?.unread, 0, 'read, though not yet answered');
    assert.notEqual(seen?.waiting_since, null, 'still waiting for an answer');
    const detail = await h.call<ConversationSummary>(CONVERSATION_ROUTE, { session_id: session.id }, { cookie });
    assert.equal(detail.unread, 0);

    await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Still there?' });
    assert.equal((await unread())?.unread, 1, 'only what came after the marker');
  });
});

describeEachEngine(
  'read receipts are rate limited',
  (h) => {
    it('an operator’s 4th mark a minute from one address is refused', async () => {
      const { session, cookie } = await h.visitorSession();
      const id = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'hi' });
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) codes.push((await h.rpc(MARK_SEEN_ROUTE, { session_id: session.id, message_id: id }, { cookie })).res.statusCode);
      assert.deepEqual(codes, [200, 200, 200, 429]);
    });
  },
  { RATE_LIMIT_MARK_SEEN: '3' },
);
