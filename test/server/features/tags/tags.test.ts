/**
 * Conversation tags: operators tag the conversations they may read, the list filters by tag, admins
 * rename, recolour and delete. Hostile input: oversized and control-character names, prototype keys,
 * another channel's conversations and tags, non-admins managing tags.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import type { ConversationSummary } from '../../../../src/protocol/operator-console.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { CONVERSATIONS_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CHAT_POST_ROUTE } from '../../../../src/protocol/routes.js';
import {
  ADD_CONVERSATION_TAG_ROUTE,
  CONVERSATION_TAGS_ROUTE,
  DELETE_TAG_ROUTE,
  REMOVE_CONVERSATION_TAG_ROUTE,
  TAGS_PER_CONVERSATION_MAX,
  TAGS_ROUTE,
  UPDATE_TAG_ROUTE,
  type ConversationTagInfo,
  type TaggedConversation,
} from '../../../../src/protocol/console/tags.js';

async function tagNotices(h: Harness, operatorId: number): Promise<Record<string, unknown>[]> {
  return (await h.app.busStore.listNotifications({ channels: [BusChannel.operator(operatorId)] }))
    .map((n) => JSON.parse(n.message) as Record<string, unknown>)
    .filter((p) => p.info === 'tags_changed');
}

/** A second logged-in operator of the channel. */
async function colleague(h: Harness, channelId: number) {
  const login = `colleague-${channelId}`;
  const operator = await h.app.store.createOperator({ login, display_name: 'Colleague', email: null, password: 'colleague-pw' });
  await h.app.store.addChannelOperator(channelId, operator.id);
  return { operator, cookie: await h.login(login, 'colleague-pw') };
}

const errorType = async (h: Harness, route: string, params: unknown, cookie: string) => (await h.rpc(route, params, { cookie })).body.error?.data.exception_type;

describeEachEngine('conversation tags', (h) => {
  it('an operator tags a conversation, names match whatever the case, the channel’s operators are told, and the list filters by tag', async () => {
    const { session, cookie, channel, operator } = await h.visitorSession();
    const other = await h.call<{ id: number }>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Hello' });
    assert.ok(other);
    const second = await h.call<{ id: number; uuid: string }>('/im_livechat/get_session', { channel_id: channel.id, anonymous_name: 'Second', previous_operator_id: null });
    const mate = await colleague(h, channel.id);

    const vip = await h.call<ConversationTagInfo>(ADD_CONVERSATION_TAG_ROUTE, { session_id: session.id, name: '  VIP   customer ' }, { cookie });
    assert.deepEqual({ ...vip, id: 0 }, { id: 0, channel_id: channel.id, name: 'VIP customer', color: 'gray' });
    const again = await h.call<ConversationTagInfo>(ADD_CONVERSATION_TAG_ROUTE, { session_id: second.id, name: 'vip CUSTOMER' }, { cookie });
    assert.equal(again.id, vip.id, 'case does not make another tag');
    await h.call(ADD_CONVERSATION_TAG_ROUTE, { session_id: session.id, name: 'Billing' }, { cookie });

    const tags = await h.call<ConversationTagInfo[]>(TAGS_ROUTE, {}, { cookie: mate.cookie });
    assert.deepEqual(tags.map((t) => t.name), ['Billing', 'VIP customer']);
    const carried = await h.call<TaggedConversation[]>(CONVERSATION_TAGS_ROUTE, { session_ids: [session.id, second.id] }, { cookie });
    assert.deepEqual(carried.map((c) => [c.session_id, c.tag_ids.length]), [[session.id, 2], [second.id, 1]]);
    assert.equal((await tagNotices(h, mate.operator.id)).length, 3, 'every change reaches the channel’s other operators');
    assert.deepEqual((await tagNotices(h, operator.id)).at(-1), { info: 'tags_changed', channel_id: channel.id, session_id: session.id });

    const billing = tags.find((t) => t.name === 'Billing') as ConversationTagInfo;
    const filtered = await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, { tag_id: billing.id }, { cookie });
    assert.deepEqual(filtered.map((c) => c.id), [session.id]);
    const byVip = await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, { tag_id: String(vip.id) }, { cookie });
    assert.deepEqual(byVip.map((c) => c.id).sort(), [session.id, second.id].sort());
    assert.equal((await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, {}, { cookie })).length, 2, 'no filter, every conversation');

    assert.equal(await h.call(REMOVE_CONVERSATION_TAG_ROUTE, { session_id: session.id, tag_id: billing.id }, { cookie }), true);
    assert.equal(await h.call(REMOVE_CONVERSATION_TAG_ROUTE, { session_id: session.id, tag_id: billing.id }, { cookie }), false, 'already off');
    assert.deepEqual(await h.call(CONVERSATIONS_ROUTE, { tag_id: billing.id }, { cookie }), []);
  });

  it('bounds: names, colours, tags per conversation; malformed and hostile parameters are refused', async () => {
    const { session, cookie } = await h.visitorSession();
    for (const name of ['', '   ', 'x'.repeat(33), 'bad\u0000name', 'tab\u0007bell', '\uD800', 42, null, ['a'], { __proto__: { a: 1 } }]) {
      assert.equal(await errorType(h, ADD_CONVERSATION_TAG_ROUTE, { session_id: session.id, name }, cookie), 'validation_error', JSON.stringify(name));
    }
    for (const key of ['__proto__', 'constructor']) {
      const params = JSON.parse(`{"${key}": {"session_id": ${session.id}}, "name": "x"}`) as object;
      assert.equal(await errorType(h, ADD_CONVERSATION_TAG_ROUTE, params, cookie), 'validation_error', key);
    }
    for (const ids of ['1', [1.5], ['1; DROP TABLE conversation_tag'], Array.from({ length: 101 }, (_, i) => i + 1)]) {
      assert.equal(await errorType(h, CONVERSATION_TAGS_ROUTE, { session_ids: ids }, cookie), 'validation_error');
    }
    assert.equal(await errorType(h, CONVERSATIONS_ROUTE, { tag_id: -1 }, cookie), 'validation_error');
    assert.ok((await h.call(ADD_CONVERSATION_TAG_ROUTE, { session_id: session.id, name: 'x'.repeat(32) }, { cookie })) !== undefined, '32 characters fit');
    for (let i = 1; i < TAGS_PER_CONVERSATION_MAX; i++) await h.call(ADD_CONVERSATION_TAG_ROUTE, { session_id: session.id, name: `tag ${i}` }, { cookie });
    const { body } = await h.rpc(ADD_CONVERSATION_TAG_ROUTE, { session_id: session.id, name: 'one too many' }, { cookie });
    assert.match(body.error?.data.message ?? '', /at most 10 tags/);
    const anonymous = await h.rpc(TAGS_ROUTE, {});
    assert.equal(anonymous.body.error?.code, 100, 'logged-out callers are refused');
  });

  it('another channel’s conversations and tags read as missing, and its tags never leak', async () => {
    const mine = await h.visitorSession();
    const theirs = await h.visitorSession();
    const theirTag = await h.call<ConversationTagInfo>(ADD_CONVERSATION_TAG_ROUTE, { session_id: theirs.session.id, name: 'Secret' }, { cookie: theirs.cookie });
    const myTag = await h.call<ConversationTagInfo>(ADD_CONVERSATION_TAG_ROUTE, { session_id: mine.session.id, name: 'Mine' }, { cookie: mine.cookie });

    assert.equal(await errorType(h, ADD_CONVERSATION_TAG_ROUTE, { session_id: theirs.session.id, name: 'x' }, mine.cookie), 'missing_error');
    assert.equal(await errorType(h, REMOVE_CONVERSATION_TAG_ROUTE, { session_id: theirs.session.id, tag_id: theirTag.id }, mine.cookie), 'missing_error');
    assert.equal(await errorType(h, REMOVE_CONVERSATION_TAG_ROUTE, { session_id: mine.session.id, tag_id: theirTag.id }, mine.cookie), 'missing_error', 'a tag of another channel');
    assert.equal(await errorType(h, REMOVE_CONVERSATION_TAG_ROUTE, { session_id: mine.session.id, tag_id: 987_654 }, mine.cookie), 'missing_error');
    assert.deepEqual(await h.call(CONVERSATION_TAGS_ROUTE, { session_ids: [theirs.session.id, mine.session.id] }, { cookie: mine.cookie }), [{ session_id: mine.session.id, tag_ids: [myTag.id] }]);
    assert.deepEqual((await h.call<ConversationTagInfo[]>(TAGS_ROUTE, {}, { cookie: mine.cookie })).map((t) => t.name), ['Mine']);
    assert.deepEqual(await h.call(CONVERSATIONS_ROUTE, { tag_id: theirTag.id }, { cookie: mine.cookie }), [], 'filtering by their tag shows nothing of theirs');
    assert.deepEqual(await tagNotices(h, mine.operator.id), [{ info: 'tags_changed', channel_id: mine.channel.id, session_id: mine.session.id }]);
  });

  it('only admins rename, recolour and delete; a deleted tag leaves every conversation', async () => {
    const { session, cookie, channel } = await h.visitorSession();
    const tag = await h.call<ConversationTagInfo>(ADD_CONVERSATION_TAG_ROUTE, { session_id: session.id, name: 'Urgent' }, { cookie });
    const other = await h.call<ConversationTagInfo>(ADD_CONVERSATION_TAG_ROUTE, { session_id: session.id, name: 'Later' }, { cookie });
    assert.equal(await errorType(h, UPDATE_TAG_ROUTE, { tag_id: tag.id, name: 'Mine now' }, cookie), 'access_error');
    assert.equal(await errorType(h, DELETE_TAG_ROUTE, { tag_id: tag.id }, cookie), 'access_error');

    const admin = await h.login('admin', ADMIN_PASSWORD);
    const renamed = await h.call<ConversationTagInfo>(UPDATE_TAG_ROUTE, { tag_id: tag.id, name: 'Very urgent', color: 'red' }, { cookie: admin });
    assert.deepEqual(renamed, { id: tag.id, channel_id: channel.id, name: 'Very urgent', color: 'red' });
    assert.equal((await h.call<ConversationTagInfo>(UPDATE_TAG_ROUTE, { tag_id: tag.id, color: '#0B3D91' }, { cookie: admin })).color, '#0b3d91');
    for (const color of ['#777777', 'crimson', '#fff', 'constructor', '__proto__', 'red; drop', '#12345g']) {
      assert.equal(await errorType(h, UPDATE_TAG_ROUTE, { tag_id: tag.id, color }, admin), 'validation_error', color);
    }
    const clash = await h.rpc(UPDATE_TAG_ROUTE, { tag_id: tag.id, name: 'LATER' }, { cookie: admin });
    assert.equal(clash.body.error?.data.exception_type, 'user_error', 'two tags of a channel never share a name');
    assert.equal((await h.call<ConversationTagInfo>(UPDATE_TAG_ROUTE, { tag_id: tag.id, name: 'VERY URGENT' }, { cookie: admin })).name, 'VERY URGENT', 'its own name in another case');
    assert.equal(await errorType(h, UPDATE_TAG_ROUTE, { tag_id: 987_654, name: 'x' }, admin), 'missing_error');

    assert.equal(await h.call(DELETE_TAG_ROUTE, { tag_id: tag.id }, { cookie: admin }), true);
    assert.deepEqual(await h.call(CONVERSATION_TAGS_ROUTE, { session_ids: [session.id] }, { cookie }), [{ session_id: session.id, tag_ids: [other.id] }]);
    assert.deepEqual((await h.call<ConversationTagInfo[]>(TAGS_ROUTE, {}, { cookie })).map((t) => t.name), ['Later']);
    assert.deepEqual((await tagNotices(h, (await h.app.store.channelOperatorIds(channel.id))[0] as number)).at(-1), { info: 'tags_changed', channel_id: channel.id });
  });
});

describeEachEngine(
  'conversation tags rate limit',
  (h) => {
    it('an operator’s 4th tag call a minute from one address is refused', async () => {
      const { session, cookie } = await h.visitorSession();
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) codes.push((await h.rpc(ADD_CONVERSATION_TAG_ROUTE, { session_id: session.id, name: `t${i}` }, { cookie })).res.statusCode);
      assert.deepEqual(codes, [200, 200, 200, 429]);
    });
  },
  { RATE_LIMIT_TAGS: '3' },
);
