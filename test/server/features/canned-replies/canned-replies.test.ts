import { beforeEach, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  CANNED_REPLIES_ROUTE,
  CANNED_REPLY_VALUES_ROUTE,
  CREATE_CANNED_REPLY_ROUTE,
  DELETE_CANNED_REPLY_ROUTE,
  UPDATE_CANNED_REPLY_ROUTE,
  type CannedReply,
  type CannedReplyList,
  type CannedReplyValues,
} from '../../../../src/protocol/canned-replies.js';
import { ADMIN_PASSWORD, describeEachEngine } from '../../support/harness.js';
import { CANNED_CHANGES_PER_MINUTE } from '../../../../src/server/features/canned-replies/canned-reply-routes.js';

describeEachEngine('canned replies', (h) => {
  // Each test starts with fresh per-minute counters.
  beforeEach(() => h.clock.advance(61_000));

  it('an operator keeps personal replies: created, listed, changed, removed; shortcuts lower-cased and unique per scope', async () => {
    const { cookie } = await h.channelWithOperator();
    const created = await h.call<CannedReply>(CREATE_CANNED_REPLY_ROUTE, { channel_id: null, shortcut: 'Hello', text: '  Hi {{visitor.name | there}}!  ' }, { cookie });
    assert.deepEqual({ ...created, id: 0 }, { id: 0, channel_id: null, shortcut: 'hello', text: 'Hi {{visitor.name | there}}!', editable: true });
    const dup = await h.rpc(CREATE_CANNED_REPLY_ROUTE, { shortcut: 'HELLO', text: 'again' }, { cookie });
    assert.match(dup.body.error?.data.message ?? '', /already used/);
    const other = await h.call<CannedReply>(CREATE_CANNED_REPLY_ROUTE, { shortcut: 'bye-2', text: 'Bye {{operator.name}}' }, { cookie });
    const clash = await h.rpc(UPDATE_CANNED_REPLY_ROUTE, { reply_id: other.id, shortcut: 'hello', text: 'x' }, { cookie });
    assert.match(clash.body.error?.data.message ?? '', /already used/);
    const changed = await h.call<CannedReply>(UPDATE_CANNED_REPLY_ROUTE, { reply_id: other.id, shortcut: 'bye', text: 'Goodbye' }, { cookie });
    assert.equal(changed.shortcut, 'bye');
    const list = await h.call<CannedReplyList>(CANNED_REPLIES_ROUTE, {}, { cookie });
    assert.deepEqual(list.replies.map((r) => [r.shortcut, r.text]), [['bye', 'Goodbye'], ['hello', 'Hi {{visitor.name | there}}!']]);
    assert.equal(await h.call(DELETE_CANNED_REPLY_ROUTE, { reply_id: other.id }, { cookie }), true);
    assert.deepEqual((await h.call<CannedReplyList>(CANNED_REPLIES_ROUTE, {}, { cookie })).replies.map((r) => r.shortcut), ['hello']);
  });

  it('an unknown variable is refused on saving, naming it', async () => {
    const { cookie } = await h.channelWithOperator();
    const { body } = await h.rpc(CREATE_CANNED_REPLY_ROUTE, { shortcut: 'x', text: 'Your order {{order.id}} ships, {{visitor.name}}' }, { cookie });
    assert.equal(body.error?.data.exception_type, 'validation_error');
    assert.match(body.error?.data.message ?? '', /Unknown variable \{\{order\.id\}\}/);
    assert.match(body.error?.data.message ?? '', /\{\{visitor\.email\}\}/, 'the message lists the variables');
  });

  it('shared replies: admins create them per channel; the channel’s operators read them, others never', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const a = await h.channelWithOperator();
    const b = await h.channelWithOperator();
    const shared = await h.call<CannedReply>(CREATE_CANNED_REPLY_ROUTE, { channel_id: a.channel.id, shortcut: 'welcome', text: 'Welcome to {{channel.name}}' }, { cookie: admin });
    assert.equal(shared.channel_id, a.channel.id);
    const aList = await h.call<CannedReplyList>(CANNED_REPLIES_ROUTE, {}, { cookie: a.cookie });
    assert.deepEqual(aList.replies, [{ ...shared, editable: false }]);
    assert.deepEqual(aList.channels, [{ id: a.channel.id, name: a.channel.name }]);
    const bList = await h.call<CannedReplyList>(CANNED_REPLIES_ROUTE, {}, { cookie: b.cookie });
    assert.deepEqual(bList.replies, [], 'another channel’s shared replies are not read');
    const adminList = await h.call<CannedReplyList>(CANNED_REPLIES_ROUTE, {}, { cookie: admin });
    assert.ok(adminList.replies.some((r) => r.id === shared.id && r.editable));
    // The same shortcut may be used in another scope.
    await h.call(CREATE_CANNED_REPLY_ROUTE, { shortcut: 'welcome', text: 'Mine' }, { cookie: a.cookie });
    await h.call(CREATE_CANNED_REPLY_ROUTE, { channel_id: b.channel.id, shortcut: 'welcome', text: 'B' }, { cookie: admin });
  });

  it('authorization: no one changes another’s personal reply; only admins change shared ones; another channel’s ids read as missing', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const a = await h.channelWithOperator();
    const b = await h.channelWithOperator();
    const mine = await h.call<CannedReply>(CREATE_CANNED_REPLY_ROUTE, { shortcut: 'mine', text: 'A’s' }, { cookie: a.cookie });
    const sharedA = await h.call<CannedReply>(CREATE_CANNED_REPLY_ROUTE, { channel_id: a.channel.id, shortcut: 's', text: 'Shared' }, { cookie: admin });
    const code = async (route: string, params: unknown, cookie: string) => (await h.rpc(route, params, { cookie })).body.error?.data.exception_type;
    for (const cookie of [b.cookie, admin]) {
      assert.equal(await code(UPDATE_CANNED_REPLY_ROUTE, { reply_id: mine.id, shortcut: 'x', text: 'x' }, cookie), 'missing_error');
      assert.equal(await code(DELETE_CANNED_REPLY_ROUTE, { reply_id: mine.id }, cookie), 'missing_error');
    }
    assert.equal(await code(UPDATE_CANNED_REPLY_ROUTE, { reply_id: sharedA.id, shortcut: 's', text: 'x' }, a.cookie), 'access_error');
    assert.equal(await code(DELETE_CANNED_REPLY_ROUTE, { reply_id: sharedA.id }, a.cookie), 'access_error');
    assert.equal(await code(DELETE_CANNED_REPLY_ROUTE, { reply_id: sharedA.id }, b.cookie), 'missing_error');
    assert.equal(await code(CREATE_CANNED_REPLY_ROUTE, { channel_id: a.channel.id, shortcut: 'n', text: 'x' }, a.cookie), 'access_error');
    assert.equal(await code(CREATE_CANNED_REPLY_ROUTE, { channel_id: 987654, shortcut: 'n', text: 'x' }, admin), 'missing_error');
    assert.equal(await code(DELETE_CANNED_REPLY_ROUTE, { reply_id: 987654 }, a.cookie), 'missing_error');
    assert.equal((await h.rpc(CANNED_REPLIES_ROUTE, {})).body.error?.code, 100, 'a session is needed');
    assert.deepEqual((await h.call<CannedReplyList>(CANNED_REPLIES_ROUTE, {}, { cookie: a.cookie })).replies.map((r) => r.text).sort(), ['A’s', 'Shared']);
    assert.equal(await h.call(DELETE_CANNED_REPLY_ROUTE, { reply_id: sharedA.id }, { cookie: admin }), true);
  });

  it('refuses hostile input: bad shortcuts, oversized or blank texts, wrong types, control characters, prototype keys', async () => {
    const { cookie } = await h.channelWithOperator();
    const bad: unknown[] = [
      { shortcut: '', text: 'x' },
      { shortcut: 'a b', text: 'x' },
      { shortcut: '/slash', text: 'x' },
      { shortcut: 'x'.repeat(33), text: 'x' },
      { shortcut: 'bell\u0007', text: 'x' },
      { shortcut: 42, text: 'x' },
      { shortcut: ['a'], text: 'x' },
      { shortcut: 'ok', text: '' },
      { shortcut: 'ok', text: '   ' },
      { shortcut: 'ok', text: 'x'.repeat(2001) },
      { shortcut: 'ok', text: 'nul\u0000' },
      { shortcut: 'ok', text: '\ud800' },
      { shortcut: 'ok', text: { toString: 'x' } },
      { shortcut: 'ok', text: 'x', channel_id: 'abc' },
      { shortcut: 'ok', text: 'x', channel_id: -1 },
      { shortcut: 'ok' },
    ];
    for (const params of bad) {
      const { body } = await h.rpc(CREATE_CANNED_REPLY_ROUTE, params, { cookie });
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(params));
    }
    for (const params of [{ reply_id: '1; drop table canned_reply', shortcut: 'a', text: 'x' }, { reply_id: 1.5, shortcut: 'a', text: 'x' }]) {
      assert.equal((await h.rpc(UPDATE_CANNED_REPLY_ROUTE, params, { cookie })).body.error?.data.exception_type, 'validation_error');
    }
    for (const payload of ['{"jsonrpc":"2.0","id":1,"params":{"__proto__":{"shortcut":"p"},"shortcut":"p","text":"x"}}', '{"jsonrpc":"2.0","id":1,"params":{"constructor":{"prototype":{}},"shortcut":"q","text":"x"}}']) {
      const res = await h.app.inject({ method: 'POST', url: CREATE_CANNED_REPLY_ROUTE, headers: { cookie, 'content-type': 'application/json' }, payload });
      const body = res.json() as { error?: unknown };
      assert.ok(res.statusCode !== 200 || body.error !== undefined, `refused: ${payload}`);
    }
    assert.deepEqual((await h.call<CannedReplyList>(CANNED_REPLIES_ROUTE, {}, { cookie })).replies, [], 'nothing refused was stored');
    assert.equal((await h.call<CannedReply>(CREATE_CANNED_REPLY_ROUTE, { shortcut: 'merci-2', text: 'مرحبا {{visitor.name | بك}}' }, { cookie })).shortcut, 'merci-2');
    assert.equal((await h.call<CannedReply>(CREATE_CANNED_REPLY_ROUTE, { shortcut: 'répondre', text: 'x' }, { cookie })).shortcut, 'répondre', 'letters of any script');
  });

  it('counts an operator’s changes a minute', async () => {
    const { cookie } = await h.channelWithOperator();
    const reply = await h.call<CannedReply>(CREATE_CANNED_REPLY_ROUTE, { shortcut: 'r', text: 'x' }, { cookie });
    for (let i = 1; i < CANNED_CHANGES_PER_MINUTE; i++) await h.call(UPDATE_CANNED_REPLY_ROUTE, { reply_id: reply.id, shortcut: 'r', text: `x${i}` }, { cookie });
    const over = await h.rpc(UPDATE_CANNED_REPLY_ROUTE, { reply_id: reply.id, shortcut: 'r', text: 'over' }, { cookie });
    assert.ok(over.body.error, 'the change over the quota is refused');
  });

  it('fills the variables of a conversation the operator reads, and of no other', async () => {
    const a = await h.visitorSession({ name: 'Nora' });
    const b = await h.channelWithOperator();
    const values = await h.call<CannedReplyValues>(CANNED_REPLY_VALUES_ROUTE, { session_id: a.session.id }, { cookie: a.cookie });
    assert.deepEqual(values, { 'visitor.name': null, 'visitor.email': null, 'operator.name': 'Nora', 'channel.name': a.channel.name }, 'the widget’s default name is no name');
    const refused = await h.rpc(CANNED_REPLY_VALUES_ROUTE, { session_id: a.session.id }, { cookie: b.cookie });
    assert.equal(refused.body.error?.data.exception_type, 'missing_error');
    assert.equal((await h.rpc(CANNED_REPLY_VALUES_ROUTE, { session_id: 987654 }, { cookie: a.cookie })).body.error?.data.exception_type, 'missing_error');
    for (const bad of ['x', -1, 1.5, {}, null, [a.session.id]]) {
      assert.equal((await h.rpc(CANNED_REPLY_VALUES_ROUTE, { session_id: bad }, { cookie: a.cookie })).body.error?.data.exception_type, 'validation_error', JSON.stringify(bad));
    }
    assert.equal((await h.rpc(CANNED_REPLY_VALUES_ROUTE, { session_id: a.session.id })).body.error?.code, 100, 'a session is needed');
  });
});
