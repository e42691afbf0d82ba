/**
 * Issue 26: a supervisor reads any conversation of the channel and writes notes in it, but answers the
 * visitor only in one they hold (its operator, or invited); Take makes it theirs. Admins keep answering
 * any conversation. Hostile input: a supervisor of another channel, a plain operator, wrong types.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { CHAT_POST_ROUTE, NOTIFY_TYPING_ROUTE } from '../../../../src/protocol/routes.js';
import { ATTACH_URL_ROUTE } from '../../../../src/protocol/console/routes.js';
import { POST_NOTE_ROUTE } from '../../../../src/protocol/console/notes.js';
import { INVITE_ROUTE } from '../../../../src/protocol/console/transfer.js';
import { REPLY_REFUSED_NOT_HOLDER, SET_CHANNEL_ROLE_ROUTE, TAKE_CONVERSATION_ROUTE } from '../../../../src/protocol/console/supervision.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';

/** Channel A with its operator's chat, channel B with another; a supervisor of each and a plain member of A. */
async function setting(h: Harness) {
  const a = await h.visitorSession();
  const b = await h.visitorSession();
  const tag = `${a.session.id}-${b.session.id}`;
  const admin = await h.login('admin', ADMIN_PASSWORD);
  const make = async (name: string, channelId: number, role: 'supervisor' | 'operator') => {
    const row = await h.app.store.createOperator({ login: `${name}-${tag}`, display_name: `${name} ${tag}`, email: null, password: `pw-${name}` });
    await h.call(SET_CHANNEL_ROLE_ROUTE, { channel_id: channelId, operator_id: row.id, role }, { cookie: admin });
    return { row, cookie: await h.login(row.login, `pw-${name}`) };
  };
  return { a, b, admin, supA: await make('supa', a.channel.id, 'supervisor'), supB: await make('supb', b.channel.id, 'supervisor'), member: await make('member', a.channel.id, 'operator') };
}

async function messageCount(h: Harness, sessionId: number): Promise<number> {
  const rows = await h.app.database.db.selectFrom('message').select('id').where('session_id', '=', sessionId).where('author_operator_id', 'is not', null).execute();
  return rows.length;
}

describeEachEngine('supervisor replies', (h) => {
  it('a supervisor writes notes but no reply in a conversation held by someone else, until they take it', async () => {
    const { a, supA } = await setting(h);
    const refused = await h.rpc(CHAT_POST_ROUTE, { session_id: a.session.id, message_content: 'Hello from above' }, { cookie: supA.cookie });
    assert.equal(refused.body.error?.data.name, REPLY_REFUSED_NOT_HOLDER);
    assert.equal(refused.body.error?.data.exception_type, 'user_error');
    const link = await h.rpc(ATTACH_URL_ROUTE, { session_id: a.session.id, url: 'https://example.org/x' }, { cookie: supA.cookie });
    assert.equal(link.body.error?.data.name, REPLY_REFUSED_NOT_HOLDER, 'a link is a reply too');
    assert.equal(await messageCount(h, a.session.id), 0, 'nothing reached the visitor');
    const typing = await h.rpc(NOTIFY_TYPING_ROUTE, { session_id: a.session.id, is_typing: true }, { cookie: supA.cookie });
    assert.equal(typing.body.error, undefined, 'typing is ignored, not refused');
    await h.call(POST_NOTE_ROUTE, { session_id: a.session.id, text: 'I am watching.' }, { cookie: supA.cookie });

    await h.call(TAKE_CONVERSATION_ROUTE, { session_id: a.session.id }, { cookie: supA.cookie });
    assert.equal(typeof (await h.call(CHAT_POST_ROUTE, { session_id: a.session.id, message_content: 'I take it from here' }, { cookie: supA.cookie })), 'number');
    const former = await h.rpc(CHAT_POST_ROUTE, { session_id: a.session.id, message_content: 'Me too?' }, { cookie: a.cookie });
    assert.equal(former.body.result, false, 'the former operator no longer reads it');
  });

  it('an invited supervisor answers; an admin answers anywhere', async () => {
    const { a, b, admin, supA } = await setting(h);
    await h.call(INVITE_ROUTE, { session_id: a.session.id, operator_id: supA.row.id }, { cookie: a.cookie });
    assert.equal(typeof (await h.call(CHAT_POST_ROUTE, { session_id: a.session.id, message_content: 'Joining in' }, { cookie: supA.cookie })), 'number');
    assert.equal(typeof (await h.call(CHAT_POST_ROUTE, { session_id: b.session.id, message_content: 'Admin here' }, { cookie: admin })), 'number');
  });

  it('another channel’s supervisor and a plain member read the conversation as unknown; hostile input is refused', async () => {
    const { a, supA, supB, member } = await setting(h);
    for (const cookie of [supB.cookie, member.cookie]) {
      const { body } = await h.rpc(CHAT_POST_ROUTE, { session_id: a.session.id, message_content: 'Hi' }, { cookie });
      assert.equal(body.result, false, 'as for an unknown conversation');
      assert.equal((await h.rpc(POST_NOTE_ROUTE, { session_id: a.session.id, text: 'x' }, { cookie })).body.error?.data.exception_type, 'missing_error');
    }
    for (const bad of [String(a.session.id), -1, 1.5, null, { __proto__: a.session.id }, [a.session.id], 2 ** 60]) {
      const { body } = await h.rpc(CHAT_POST_ROUTE, { session_id: bad, message_content: 'Hi' }, { cookie: supA.cookie });
      assert.ok(body.error?.data.exception_type === 'validation_error' || body.result === false, JSON.stringify(bad));
    }
    const proto = await h.rpc(CHAT_POST_ROUTE, JSON.parse(`{"__proto__": {"session_id": ${a.session.id}}, "message_content": "Hi"}`) as object, { cookie: supA.cookie });
    assert.notEqual(proto.body.error?.data.name, undefined, 'a prototype key names no conversation');
    for (const content of ['x'.repeat(100_000), 42, '\u0000\u0007']) {
      const { body } = await h.rpc(CHAT_POST_ROUTE, { session_id: a.session.id, message_content: content }, { cookie: supA.cookie });
      assert.ok(body.error, JSON.stringify(content).slice(0, 20));
    }
    assert.equal(await messageCount(h, a.session.id), 0);
  });
});
