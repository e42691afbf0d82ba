/**
 * Issue 25, views: the console's list by view (Mine, Unassigned, All for admins) with the open count of
 * each, sorted by waiting time (the visitor waiting longest first, conversations with nothing waiting
 * after them).
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ConversationSummary } from '../../../../src/protocol/operator-console.js';
import type { ViewCounts } from '../../../../src/protocol/conversation-status.js';
import { CONVERSATIONS_ROUTE } from '../../../../src/protocol/console/routes.js';
import { SET_STATUS_ROUTE, VIEW_COUNTS_ROUTE } from '../../../../src/protocol/console/status-routes.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';

/** An offline message (no operator) in a channel, stored as the offline form stores one. */
async function offlineConversation(h: Harness, channelId: number): Promise<number> {
  const row = await h.app.database.db
    .insertInto('visitor_session')
    .values({ uuid: randomUUID(), channel_id: channelId, operator_id: null, origin: 'offline', anonymous_name: 'Ann', name: 'Ann', page_history: null, created_at: h.clock.now(), closed_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function chat(h: Harness, channelId: number): Promise<{ id: number; uuid: string }> {
  return h.call<{ id: number; uuid: string }>(GET_SESSION_ROUTE, { channel_id: channelId, anonymous_name: 'Visitor', previous_operator_id: null });
}

const ids = (list: ConversationSummary[]) => list.map((c) => c.id);

describeEachEngine('conversation views', (h) => {
  it('Mine holds the operator’s chats, Unassigned its channels’ offline messages, All (admins) everything; counts are of open ones', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    const elsewhere = await h.channelWithOperator();
    const first = await chat(h, channel.id);
    const second = await chat(h, channel.id);
    const offline = await offlineConversation(h, channel.id);
    const foreignOffline = await offlineConversation(h, elsewhere.channel.id);
    const list = (view?: string, c = cookie) => h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, view ? { view } : {}, { cookie: c });

    assert.deepEqual(ids(await list('mine')).sort(), [first.id, second.id].sort());
    assert.deepEqual(ids(await list('unassigned')), [offline]);
    assert.deepEqual(ids(await list()).sort(), [first.id, second.id, offline].sort(), 'without a view: as before, both');
    const refused = await h.rpc(CONVERSATIONS_ROUTE, { view: 'all' }, { cookie });
    assert.equal(refused.body.error?.data.exception_type, 'access_error', 'All is for admins');
    assert.deepEqual(await h.call(VIEW_COUNTS_ROUTE, {}, { cookie }), { mine: 2, unassigned: 1, all: null } satisfies ViewCounts);

    await h.call(SET_STATUS_ROUTE, { session_id: first.id, status: 'waiting' }, { cookie });
    await h.call(SET_STATUS_ROUTE, { session_id: second.id, status: 'resolved' }, { cookie });
    assert.deepEqual(await h.call(VIEW_COUNTS_ROUTE, {}, { cookie }), { mine: 0, unassigned: 1, all: null }, 'waiting and resolved are not open');
    assert.equal((await list('mine')).length, 2, 'the view still lists them, with their status');

    const admin = await h.login('admin', ADMIN_PASSWORD);
    const all = ids(await list('all', admin));
    for (const id of [first.id, second.id, offline, foreignOffline]) assert.ok(all.includes(id), `All has ${id}`);
    const counts = await h.call<ViewCounts>(VIEW_COUNTS_ROUTE, {}, { cookie: admin });
    assert.ok(counts.all !== null && counts.all >= 2, 'an admin counts every open conversation');
  });

  it('refuses an unknown view and a prototype key', async () => {
    const { cookie } = await h.channelWithOperator();
    for (const params of [{ view: 'everything' }, { view: '' }, { view: ['mine'] }, { view: null }, { view: 'mine\u0000' }, JSON.parse('{"view": "__proto__"}') as object]) {
      const { body } = await h.rpc(CONVERSATIONS_ROUTE, params, { cookie });
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(params));
    }
    const { body } = await h.rpc(CONVERSATIONS_ROUTE, JSON.parse('{"__proto__": {"view": "all"}}') as object, { cookie });
    assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(body));
  });

  it('sorts by waiting time: the longest-waiting visitor first, answered and snoozed ones after, newest first', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    const early = await chat(h, channel.id);
    const late = await chat(h, channel.id);
    const answered = await chat(h, channel.id);
    const quiet = await chat(h, channel.id);
    const snoozed = await chat(h, channel.id);
    await h.call(CHAT_POST_ROUTE, { uuid: early.uuid, message_content: 'First!' });
    h.clock.advance(60_000);
    await h.call(CHAT_POST_ROUTE, { uuid: snoozed.uuid, message_content: 'Snoozed me' });
    await h.call(CHAT_POST_ROUTE, { uuid: answered.uuid, message_content: 'Hi' });
    await h.call(CHAT_POST_ROUTE, { session_id: answered.id, message_content: 'Hello' }, { cookie });
    h.clock.advance(60_000);
    await h.call(CHAT_POST_ROUTE, { uuid: late.uuid, message_content: 'Me too' });
    await h.app.events.idle();
    await h.call(SET_STATUS_ROUTE, { session_id: snoozed.id, status: 'snoozed', snoozed_until: h.clock.now() + 3600_000 }, { cookie });
    assert.deepEqual(ids(await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, { view: 'mine' }, { cookie })), [early.id, late.id, snoozed.id, quiet.id, answered.id]);
  });
});
