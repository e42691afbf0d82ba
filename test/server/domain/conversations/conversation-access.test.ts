/**
 * One access rule for every operator path into a conversation (conversation-access-store.ts): an operator
 * reads and acts in its own chats and its channels' offline messages, never a colleague's chat in the
 * same channel; each route refuses that exactly as it refuses an unknown conversation.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { CHAT_POST_ROUTE, FEEDBACK_ROUTE, GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';
import {
  ATTACH_URL_ROUTE,
  CLOSE_SESSION_ROUTE,
  CONVERSATION_ROUTE,
  MARK_SEEN_ROUTE,
  OPERATOR_UPLOAD_ROUTE,
  REQUEST_HISTORY_ROUTE,
  VISITOR_CARD_ROUTE,
} from '../../../../src/protocol/console/routes.js';
import { KyselyOfflineStore } from '../../../../src/server/features/offline-messages/offline-store.js';

const MISSING = 'livechat.MissingError';
const kw = (model: string, method: string, args: unknown[]) => ({ model, method, args, kwargs: {} });

/** One channel, two logged-in operators, a chat for each with a message and a file, and an offline message. */
async function sharedChannel(h: Harness) {
  const first = await h.channelWithOperator({ name: 'Ann' });
  const colleague = await h.app.store.createOperator({ login: `${first.operator.login}-b`, display_name: 'Bea', email: `${first.operator.login}-b@example.com`, password: 'pw-bea' });
  await h.app.store.addChannelOperator(first.channel.id, colleague.id);
  const beaCookie = await h.login(colleague.login, 'pw-bea');
  const chatWith = async (operatorId: number) => {
    const session = await h.call<{ id: number; uuid: string }>(GET_SESSION_ROUTE, { channel_id: first.channel.id, anonymous_name: 'Visitor', previous_operator_id: operatorId });
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: `secret for ${operatorId}` });
    return session;
  };
  const ann = { ...first.operator, cookie: first.cookie, session: await chatWith(first.operator.id) };
  const bea = { ...colleague, cookie: beaCookie, session: await chatWith(colleague.id) };
  const offline = await new KyselyOfflineStore(h.app.database.db).create(
    { uuid: randomUUID(), channel_id: first.channel.id, anonymous_name: 'Off', email: 'off@example.org', body: '<p>call me</p>', post_key: null, user_agent: null, language: null },
    h.clock.now(),
  );
  return { channel: first.channel, ann, bea, offline: offline.session };
}

function upload(h: Harness, cookie: string, sessionId: number) {
  const boundary = 'lcboundary7';
  const payload = [
    `--${boundary}\r\nContent-Disposition: form-data; name="session_id"\r\n\r\n${sessionId}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="ufile"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`,
    `--${boundary}--\r\n`,
  ].join('');
  return h.app.inject({ method: 'POST', url: OPERATOR_UPLOAD_ROUTE, headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

describeEachEngine('one access rule for every operator path into a conversation', (h) => {
  it('console routes refuse a colleague’s chat in the same channel with the error of an unknown conversation', async () => {
    const { ann, bea } = await sharedChannel(h);
    const calls: [string, Record<string, unknown>][] = [
      [CONVERSATION_ROUTE, { session_id: bea.session.id }],
      [VISITOR_CARD_ROUTE, { session_id: bea.session.id }],
      [MARK_SEEN_ROUTE, { session_id: bea.session.id, message_id: 1 }],
      [CLOSE_SESSION_ROUTE, { session_id: bea.session.id }],
      [REQUEST_HISTORY_ROUTE, { session_id: bea.session.id }],
      [ATTACH_URL_ROUTE, { session_id: bea.session.id, url: 'https://example.org/x' }],
    ];
    for (const [url, params] of calls) {
      const theirs = await h.rpc(url, params, { cookie: ann.cookie });
      const unknown = await h.rpc(url, { ...params, session_id: 987654 }, { cookie: ann.cookie });
      assert.equal(theirs.body.error?.data.name, MISSING, url);
      assert.deepEqual(theirs.body.error, unknown.body.error, url);
    }
    const detail = await h.call<{ closed_at: number | null; messages: { body: string }[] }>(CONVERSATION_ROUTE, { session_id: bea.session.id }, { cookie: bea.cookie });
    assert.equal(detail.closed_at, null, 'still open');
    assert.equal(detail.messages.length, 1, 'no link was posted');
  });

  it('chat_post and uploads into a colleague’s chat are refused like an unknown conversation, and store nothing', async () => {
    const { ann, bea } = await sharedChannel(h);
    assert.equal(await h.call(CHAT_POST_ROUTE, { session_id: bea.session.id, message_content: 'intrusion' }, { cookie: ann.cookie }), false);
    assert.equal(await h.call(CHAT_POST_ROUTE, { session_id: 987654, message_content: 'intrusion' }, { cookie: ann.cookie }), false);
    const [theirs, unknown] = [await upload(h, ann.cookie, bea.session.id), await upload(h, ann.cookie, 987654)];
    assert.equal(theirs.statusCode, 404);
    assert.deepEqual(theirs.json(), unknown.json());
    assert.equal((await h.app.store.listMessages(bea.session.id, 10)).length, 1);
    assert.equal(typeof (await h.call(CHAT_POST_ROUTE, { session_id: ann.session.id, message_content: 'mine' }, { cookie: ann.cookie })), 'number', 'its own chat works');
    assert.equal((await upload(h, ann.cookie, ann.session.id)).statusCode, 200);
  });

  it('a colleague’s file is not served to the operator: the same 404 as an unknown file; its own operator and an admin get it', async () => {
    const { ann, bea } = await sharedChannel(h);
    const posted = await upload(h, bea.cookie, bea.session.id);
    const file = (posted.json() as { attachments: { id: string }[] }).attachments[0]!;
    const get = (id: string, cookie?: string) => h.app.inject({ method: 'GET', url: `/web/content/${id}?download=true`, headers: cookie ? { cookie } : {} });
    const [theirs, unknown] = [await get(file.id, ann.cookie), await get('AAAAAAAAAAAAAAAAAAAAAA', ann.cookie)];
    assert.equal(theirs.statusCode, 404);
    assert.equal(theirs.body, unknown.body);
    assert.equal((await get(file.id, bea.cookie)).statusCode, 200);
    assert.equal((await get(file.id, await h.login('admin', ADMIN_PASSWORD))).statusCode, 200);
  });

  it('call_kw reads none of a colleague’s conversations, messages or ratings; its own and the channel’s offline messages it does', async () => {
    const { ann, bea, offline } = await sharedChannel(h);
    await h.call(FEEDBACK_ROUTE, { uuid: bea.session.uuid, rate: 1, reason: 'private' });
    const call = <T>(model: string, method: string, args: unknown[]) => h.call<T>(`/web/dataset/call_kw/${model}/${method}`, kw(model, method, args), { cookie: ann.cookie });
    assert.deepEqual(await call('mail.channel', 'read', [[bea.session.id], ['id']]), []);
    const sessions = await call<{ id: number }[]>('mail.channel', 'search_read', [[], ['id']]);
    assert.deepEqual(sessions.map((s) => s.id).sort((a, b) => a - b), [ann.session.id, offline.id].sort((a, b) => a - b));
    const messages = await call<{ res_id: number }[]>('mail.message', 'search_read', [[], ['res_id']]);
    assert.ok(!messages.some((m) => m.res_id === bea.session.id), 'no message of the colleague’s chat');
    assert.ok(messages.some((m) => m.res_id === offline.id), 'the channel’s offline message');
    assert.deepEqual(await call('rating.rating', 'search_read', [[], ['id']]), []);
    const admin = await h.login('admin', ADMIN_PASSWORD);
    assert.deepEqual(await h.call(`/web/dataset/call_kw/mail.channel/read`, kw('mail.channel', 'read', [[bea.session.id], ['id']]), { cookie: admin }), [{ id: bea.session.id }]);
  });

  it('every member still reads, closes and answers the channel’s offline messages', async () => {
    const { ann, bea, offline } = await sharedChannel(h);
    for (const operator of [ann, bea]) {
      const detail = await h.call<{ id: number }>(CONVERSATION_ROUTE, { session_id: offline.id }, { cookie: operator.cookie });
      assert.equal(detail.id, offline.id);
      assert.equal((await upload(h, operator.cookie, offline.id)).statusCode, 200);
    }
    assert.equal(await h.call(CLOSE_SESSION_ROUTE, { session_id: offline.id }, { cookie: bea.cookie }), true);
  });
});
