import { it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { ConversationDetail, ConversationSummary } from '../../../../src/protocol/operator-console.js';
import { buildApp } from '../../../../src/server/app.js';
import { loadConfig } from '../../../../src/server/core/config/config.js';
import { ADMIN_PASSWORD, describeEachEngine, rootDir } from '../../support/harness.js';
import { CLOSE_SESSION_ROUTE, CONVERSATIONS_ROUTE, CONVERSATION_ROUTE, PRESENCE_ROUTE, SET_PRESENCE_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CHAT_POST_ROUTE, FEEDBACK_ROUTE, GET_SESSION_ROUTE, HISTORY_ROUTE, INIT_ROUTE, POLL_ROUTE } from '../../../../src/protocol/routes.js';

describeEachEngine('operator console routes', (h) => {
  it('refuses every console route without an operator session (code 100)', async () => {
    for (const route of [CONVERSATIONS_ROUTE, PRESENCE_ROUTE]) {
      const { body } = await h.rpc(route, {});
      assert.equal(body.error?.code, 100, route);
    }
  });

  it('lists the conversations the operator serves with last message, unread count and waiting time', async () => {
    const { session, cookie, operator } = await h.visitorSession({ name: 'Ann' });
    const other = await h.visitorSession({ name: 'Bob' });
    const start = h.clock.now();
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Hello?' });
    h.clock.advance(5_000);
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Anyone <b>there</b>?' });
    let list = await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, {}, { cookie });
    assert.deepEqual(list.map((c) => c.id), [session.id], "only the operator's own conversations");
    assert.match(list[0]?.visitor_name ?? '', /^Visitor \d{4}$/, 'an anonymous visitor is numbered (test/server/visitor-label.test.ts)');
    assert.equal(list[0]?.unread, 2);
    assert.equal(list[0]?.waiting_since, start);
    assert.equal(list[0]?.last_message?.body, '<p>Anyone &lt;b&gt;there&lt;/b&gt;?</p>');

    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Yes, I am here' }, { cookie });
    list = await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, {}, { cookie });
    assert.equal(list[0]?.unread, 0, 'an operator reply answers everything before it');
    assert.equal(list[0]?.waiting_since, null);
    assert.deepEqual(list[0]?.last_message?.author_id, [operator.id, 'Ann']);
    assert.notEqual(other.session.id, session.id);
  });

  it('opens a conversation with its messages oldest first, page history and rating; not someone else’s', async () => {
    const { session, cookie } = await h.visitorSession();
    const stranger = await h.visitorSession();
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'first' });
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'second' });
    await h.call(HISTORY_ROUTE, { pid: 1, channel_uuid: session.uuid, page_history: ['/', '/shop'] });
    await h.call(FEEDBACK_ROUTE, { uuid: session.uuid, rate: 3, reason: 'Slow' });
    const detail = await h.call<ConversationDetail>(CONVERSATION_ROUTE, { session_id: session.id }, { cookie });
    assert.deepEqual(detail.messages.map((m) => m.body), ['<p>first</p>', '<p>second</p>']);
    assert.deepEqual(detail.page_history, ['/', '/shop']);
    assert.deepEqual(detail.rating, { rate: 3, reason: 'Slow' });
    const refused = await h.rpc(CONVERSATION_ROUTE, { session_id: session.id }, { cookie: stranger.cookie });
    assert.equal(refused.body.error?.data.exception_type, 'missing_error');
  });

  it('opens a conversation back to an older message when asked (a search result’s link), the newest 100 otherwise', async () => {
    const { session, cookie } = await h.visitorSession();
    for (let i = 1; i <= 130; i += 1) {
      // Past the per-minute message limit of a session: the clock moves on.
      if (i % 50 === 0) h.clock.advance(61_000);
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: `line ${i}` });
    }
    const newest = await h.call<ConversationDetail>(CONVERSATION_ROUTE, { session_id: session.id }, { cookie });
    assert.equal(newest.messages.length, 100);
    assert.equal(newest.messages[0]?.body, '<p>line 31</p>');
    const tenth = (await h.call<ConversationDetail>(CONVERSATION_ROUTE, { session_id: session.id, since_message_id: Number(newest.messages[0]?.id) - 21 }, { cookie })).messages;
    assert.equal(tenth.length, 121);
    assert.deepEqual([tenth[0]?.body, tenth.at(-1)?.body], ['<p>line 10</p>', '<p>line 130</p>']);
    const later = await h.call<ConversationDetail>(CONVERSATION_ROUTE, { session_id: session.id, since_message_id: Number(newest.messages[50]?.id) }, { cookie });
    assert.equal(later.messages.length, 100, 'never fewer than the newest 100');
    for (const bad of [-1, 'x', 1.5, { id: 1 }, '9'.repeat(20)]) {
      const refused = await h.rpc(CONVERSATION_ROUTE, { session_id: session.id, since_message_id: bad }, { cookie });
      assert.equal(refused.body.error?.data.exception_type, 'validation_error', JSON.stringify(bad));
    }
  });

  it('an away operator is not offered to visitors, and is again once available', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    assert.equal(await h.call(PRESENCE_ROUTE, {}, { cookie }), 'available');
    assert.equal(await h.call(SET_PRESENCE_ROUTE, { presence: 'away' }, { cookie }), 'away');
    assert.equal((await h.call<{ available_for_me: unknown }>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, false);
    assert.equal(await h.call(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'V', previous_operator_id: null }), false);
    const bad = await h.rpc(SET_PRESENCE_ROUTE, { presence: 'busy' }, { cookie });
    assert.equal(bad.body.error?.data.exception_type, 'validation_error');
    assert.equal(await h.call(SET_PRESENCE_ROUTE, { presence: 'available' }, { cookie }), 'available');
    assert.equal((await h.call<{ available_for_me: unknown }>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, true);
  });

  it('a rating is announced live on the session and operator channels, not to the visitor', async () => {
    const { session, operator, cookie } = await h.visitorSession();
    await h.call(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie });
    await h.call(FEEDBACK_ROUTE, { uuid: session.uuid, rate: 1, reason: 'Too <b>slow</b>' });
    await h.call(FEEDBACK_ROUTE, { uuid: session.uuid, rate: 3, reason: 'Changed my mind' });
    const channels = [`livechat.operator.${operator.id}`, `livechat.session.${session.id}`];
    const got = await h.call<{ channel: string; message: Record<string, unknown> }[]>(POLL_ROUTE, { channels, last: 0, options: {} }, { cookie });
    const rated = got.filter((n) => n.message.info === 'session_rated');
    assert.deepEqual(
      rated.map((n) => [n.channel, n.message]),
      [
        [channels[1], { info: 'session_rated', session_id: session.id, rate: 1, reason: 'Too <b>slow</b>' }],
        [channels[0], { info: 'session_rated', session_id: session.id, rate: 1, reason: 'Too <b>slow</b>' }],
        [channels[1], { info: 'session_rated', session_id: session.id, rate: 3, reason: 'Changed my mind' }],
        [channels[0], { info: 'session_rated', session_id: session.id, rate: 3, reason: 'Changed my mind' }],
      ],
    );
    const toVisitor = await h.app.busStore.listNotifications({ channels: [session.uuid] });
    assert.equal(toVisitor.filter((n) => n.message.includes('session_rated')).length, 0);
  });

  it('the away flag survives a restart and is shared by every server process on the database', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    assert.equal(await h.call(SET_PRESENCE_ROUTE, { presence: 'away' }, { cookie }), 'away');
    // A second server process on the same database, started after the flag was set (a restart).
    const config = loadConfig({ LIVECHAT_ADMIN_PASSWORD: ADMIN_PASSWORD, NODE_ENV: 'test', ...h.database.env }, rootDir);
    const other = await buildApp({ config, clock: h.clock });
    await other.ready();
    try {
      const ask = async (url: string, params: unknown, headers: Record<string, string> = {}) => {
        const res = await other.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id: 1 }) });
        return (res.json() as { result: unknown }).result;
      };
      assert.equal(await ask(PRESENCE_ROUTE, {}, { cookie }), 'away');
      assert.equal(((await ask(INIT_ROUTE, { channel_id: channel.id })) as { available_for_me: boolean }).available_for_me, false);
      assert.equal(await ask(SET_PRESENCE_ROUTE, { presence: 'available' }, { cookie }), 'available');
      assert.equal((await h.call<{ available_for_me: boolean }>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, true, 'the first process sees the change');
    } finally {
      await other.close();
    }
  });

  it('serves the console page under a strict Content-Security-Policy once built', async () => {
    const redirect = await h.app.inject({ method: 'GET', url: '/operator' });
    assert.equal(redirect.statusCode, 301);
    assert.equal(redirect.headers.location, '/operator/');
    const res = await h.app.inject({ method: 'GET', url: '/operator/' });
    if (!fs.existsSync(path.join(rootDir, 'dist', 'operator', 'index.html'))) {
      assert.equal(res.statusCode, 503, 'not built: a clear answer instead of a crash');
      return;
    }
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-security-policy']), /script-src 'self'/);
    assert.doesNotMatch(String(res.headers['content-security-policy']), /unsafe-inline/);
    assert.doesNotMatch(res.body, /<script>|<style>|style=/, 'nothing inline');
  });
});
