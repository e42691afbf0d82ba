/**
 * Issue 25, statuses: an operator sets a conversation open, waiting, snoozed or resolved (the close the
 * widget knows); a visitor's message opens a waiting or snoozed one again; a snooze that ran out reads
 * open and the sweep announces it. Hostile input: bad statuses, snoozes in the past or too far ahead,
 * other operators' conversations, prototype keys.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import type { ConversationSummary } from '../../../../src/protocol/operator-console.js';
import { SNOOZE_MAX_MS } from '../../../../src/protocol/conversation-status.js';
import { CONVERSATIONS_ROUTE, CONVERSATION_ROUTE } from '../../../../src/protocol/console/routes.js';
import { SET_STATUS_ROUTE, VIEW_COUNTS_ROUTE } from '../../../../src/protocol/console/status-routes.js';
import { CHAT_POST_ROUTE } from '../../../../src/protocol/routes.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';

const HOUR = 3600_000;

/** The status notices published on an operator's channel. */
async function statusNotices(h: Harness, operatorId: number): Promise<Record<string, unknown>[]> {
  return (await h.app.busStore.listNotifications({ channels: [BusChannel.operator(operatorId)] }))
    .map((n) => JSON.parse(n.message) as Record<string, unknown>)
    .filter((p) => p.info === 'conversation_status');
}

async function summaryOf(h: Harness, cookie: string, sessionId: number): Promise<ConversationSummary | undefined> {
  return (await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, {}, { cookie })).find((c) => c.id === sessionId);
}

describeEachEngine('conversation statuses', (h) => {
  it('a new conversation is open; the operator sets waiting and snoozed, the list and the colleagues follow', async () => {
    const { session, cookie, operator, channel } = await h.visitorSession();
    const colleague = await h.app.store.createOperator({ login: `colleague-${session.id}`, display_name: 'Colleague', email: null, password: 'pw-colleague' });
    await h.app.store.addChannelOperator(channel.id, colleague.id);
    assert.equal((await summaryOf(h, cookie, session.id))?.status, 'open');
    assert.equal((await h.call<ConversationSummary>(CONVERSATION_ROUTE, { session_id: session.id }, { cookie })).snoozed_until, null);

    assert.deepEqual(await h.call(SET_STATUS_ROUTE, { session_id: session.id, status: 'waiting' }, { cookie }), { session_id: session.id, status: 'waiting', snoozed_until: null });
    assert.equal((await summaryOf(h, cookie, session.id))?.status, 'waiting');

    const until = h.clock.now() + HOUR;
    await h.call(SET_STATUS_ROUTE, { session_id: session.id, status: 'snoozed', snoozed_until: until }, { cookie });
    const snoozed = await summaryOf(h, cookie, session.id);
    assert.deepEqual([snoozed?.status, snoozed?.snoozed_until], ['snoozed', until]);

    const expected = [
      { info: 'conversation_status', session_id: session.id, status: 'waiting', snoozed_until: null },
      { info: 'conversation_status', session_id: session.id, status: 'snoozed', snoozed_until: until },
    ];
    assert.deepEqual(await statusNotices(h, operator.id), expected);
    assert.deepEqual(await statusNotices(h, colleague.id), expected, 'every operator of the channel hears it');
    const visitorNotices = await h.app.busStore.listNotifications({ channels: [session.uuid] });
    assert.equal(visitorNotices.length, 0, 'the visitor hears nothing of a status');
  });

  it('resolving closes the conversation as the close button does; a resolved one keeps its end', async () => {
    const { session, cookie } = await h.visitorSession();
    assert.equal((await h.call<{ status: string }>(SET_STATUS_ROUTE, { session_id: session.id, status: 'resolved' }, { cookie })).status, 'resolved');
    const closedNotices = (await h.app.busStore.listNotifications({ channels: [session.uuid] })).map((n) => JSON.parse(n.message) as Record<string, unknown>);
    assert.deepEqual(closedNotices, [{ info: 'session_closed', uuid: session.uuid }], 'the widget is told as SPEC.md §4 says');
    const summary = await summaryOf(h, cookie, session.id);
    assert.equal(summary?.status, 'resolved');
    assert.notEqual(summary?.closed_at, null);
    for (const status of ['open', 'waiting']) {
      const { body } = await h.rpc(SET_STATUS_ROUTE, { session_id: session.id, status }, { cookie });
      assert.equal(body.error?.data.message, 'This conversation is closed', status);
    }
    assert.equal((await h.call<{ status: string }>(SET_STATUS_ROUTE, { session_id: session.id, status: 'resolved' }, { cookie })).status, 'resolved', 'resolving twice is harmless');
  });

  it('a visitor’s message opens a waiting or snoozed conversation again; the operator’s own does not', async () => {
    const { session, cookie, operator } = await h.visitorSession();
    for (const [status, snoozed_until] of [
      ['waiting', undefined],
      ['snoozed', h.clock.now() + 5 * HOUR],
    ] as const) {
      await h.call(SET_STATUS_ROUTE, { session_id: session.id, status, ...(snoozed_until ? { snoozed_until } : {}) }, { cookie });
      await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'Let me check.' }, { cookie });
      await h.app.events.idle();
      assert.equal((await summaryOf(h, cookie, session.id))?.status, status, 'an operator’s message changes nothing');
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Any news?' });
      await h.app.events.idle();
      const summary = await summaryOf(h, cookie, session.id);
      assert.deepEqual([summary?.status, summary?.snoozed_until], ['open', null], status);
      assert.deepEqual((await statusNotices(h, operator.id)).at(-1), { info: 'conversation_status', session_id: session.id, status: 'open', snoozed_until: null });
    }
    const before = (await statusNotices(h, operator.id)).length;
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Still there?' });
    await h.app.events.idle();
    assert.equal((await statusNotices(h, operator.id)).length, before, 'an open conversation is not announced again');
  });

  it('a snooze that ran out reads open at once, and the sweep stores and announces it once', async () => {
    const { session, cookie, operator } = await h.visitorSession();
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Hello' });
    await h.call(SET_STATUS_ROUTE, { session_id: session.id, status: 'snoozed', snoozed_until: h.clock.now() + HOUR }, { cookie });
    await h.app.events.idle();
    const counts = () => h.call<{ mine: number }>(VIEW_COUNTS_ROUTE, {}, { cookie });
    assert.equal((await counts()).mine, 0, 'a snoozed conversation is not counted open');
    const announced = (await statusNotices(h, operator.id)).length;
    h.clock.advance(HOUR);
    const woken = await summaryOf(h, cookie, session.id);
    assert.deepEqual([woken?.status, woken?.snoozed_until], ['open', null], 'open as soon as the time comes');
    assert.equal((await counts()).mine, 1);
    assert.ok((await h.app.conversationStatuses.wakeExpired()) >= 1);
    assert.equal(await h.app.conversationStatuses.wakeExpired(), 0, 'once');
    const stored = await h.app.store.getVisitorSession(session.id);
    assert.deepEqual([stored?.status, stored?.snoozed_until], ['open', null]);
    const notices = await statusNotices(h, operator.id);
    assert.equal(notices.length, announced + 1);
    assert.deepEqual(notices.at(-1), { info: 'conversation_status', session_id: session.id, status: 'open', snoozed_until: null });
  });

  it('a snoozed conversation closed before its time stays resolved: the sweep leaves it alone', async () => {
    const { session, cookie, operator } = await h.visitorSession();
    await h.call(SET_STATUS_ROUTE, { session_id: session.id, status: 'snoozed', snoozed_until: h.clock.now() + HOUR }, { cookie });
    await h.app.store.closeVisitorSession(session.id, h.clock.now());
    h.clock.advance(2 * HOUR);
    const announced = (await statusNotices(h, operator.id)).length;
    await h.app.conversationStatuses.wakeExpired();
    assert.equal((await statusNotices(h, operator.id)).length, announced);
    assert.equal((await summaryOf(h, cookie, session.id))?.status, 'resolved');
  });

  it('refuses bad statuses, snoozes in the past, too far ahead or without a time, and prototype keys, changing nothing', async () => {
    const { session, cookie, operator } = await h.visitorSession();
    const now = h.clock.now();
    const refused: [unknown, string][] = [
      [{ session_id: session.id, status: 'closed' }, 'validation_error'],
      [{ session_id: session.id, status: 'OPEN' }, 'validation_error'],
      [{ session_id: session.id, status: 'open\u0000' }, 'validation_error'],
      [{ session_id: session.id, status: '' }, 'validation_error'],
      [{ session_id: session.id, status: ['open'] }, 'validation_error'],
      [{ session_id: session.id, status: { toString: 'open' } }, 'validation_error'],
      [{ session_id: session.id, status: 'x'.repeat(100_000) }, 'validation_error'],
      [{ session_id: session.id }, 'validation_error'],
      [{ session_id: session.id, status: 'snoozed' }, 'validation_error'],
      [{ session_id: session.id, status: 'snoozed', snoozed_until: null }, 'validation_error'],
      [{ session_id: session.id, status: 'snoozed', snoozed_until: now }, 'validation_error'],
      [{ session_id: session.id, status: 'snoozed', snoozed_until: now - HOUR }, 'validation_error'],
      [{ session_id: session.id, status: 'snoozed', snoozed_until: now + SNOOZE_MAX_MS + 1 }, 'validation_error'],
      [{ session_id: session.id, status: 'snoozed', snoozed_until: 2 ** 60 }, 'validation_error'],
      [{ session_id: session.id, status: 'snoozed', snoozed_until: -1 }, 'validation_error'],
      [{ session_id: session.id, status: 'snoozed', snoozed_until: now + 1.5 }, 'validation_error'],
      [{ session_id: session.id, status: 'snoozed', snoozed_until: String(now + HOUR) }, 'validation_error'],
      [{ session_id: session.id, status: 'open', snoozed_until: now + HOUR }, 'validation_error'],
      [{ session_id: -1, status: 'open' }, 'validation_error'],
      [{ session_id: '1; DROP TABLE visitor_session', status: 'open' }, 'validation_error'],
      [{ session_id: 2 ** 60, status: 'open' }, 'validation_error'],
      [JSON.parse(`{"__proto__": {"status": "waiting"}, "session_id": ${session.id}}`), 'validation_error'],
      [JSON.parse(`{"constructor": {"prototype": {"status": "waiting"}}, "session_id": ${session.id}}`), 'validation_error'],
      [JSON.parse(`{"session_id": ${session.id}, "status": "__proto__"}`), 'validation_error'],
    ];
    for (const [params, type] of refused) {
      const { body } = await h.rpc(SET_STATUS_ROUTE, params, { cookie });
      assert.equal(body.error?.data.exception_type, type, JSON.stringify(params).slice(0, 200));
    }
    assert.equal((await h.app.store.getVisitorSession(session.id))?.status, 'open');
    assert.deepEqual(await statusNotices(h, operator.id), []);
    assert.equal(({} as Record<string, unknown>).status, undefined, 'no prototype was touched');
    const atTheEdge = await h.call<{ snoozed_until: number }>(SET_STATUS_ROUTE, { session_id: session.id, status: 'snoozed', snoozed_until: now + SNOOZE_MAX_MS }, { cookie });
    assert.equal(atTheEdge.snoozed_until, now + SNOOZE_MAX_MS, 'a year ahead is allowed');
  });

  it('another operator’s conversation reads like an unknown one; without a session the call is refused; an admin may', async () => {
    const { session, cookie } = await h.visitorSession();
    const other = await h.visitorSession();
    const anonymous = await h.rpc(SET_STATUS_ROUTE, { session_id: session.id, status: 'waiting' });
    assert.equal(anonymous.body.error?.code, 100);
    const stranger = await h.rpc(SET_STATUS_ROUTE, { session_id: session.id, status: 'resolved' }, { cookie: other.cookie });
    assert.equal(stranger.body.error?.data.exception_type, 'missing_error');
    const unknown = await h.rpc(SET_STATUS_ROUTE, { session_id: 987_654_321, status: 'waiting' }, { cookie: other.cookie });
    assert.equal(unknown.body.error?.data.message, stranger.body.error?.data.message, 'someone else’s conversation looks like a missing one');
    const stored = await h.app.store.getVisitorSession(session.id);
    assert.deepEqual([stored?.status, stored?.closed_at], ['open', null], 'nothing changed');
    const admin = await h.login('admin', 'admin-test-password');
    assert.equal((await h.call<{ status: string }>(SET_STATUS_ROUTE, { session_id: session.id, status: 'waiting' }, { cookie: admin })).status, 'waiting');
    assert.equal((await summaryOf(h, cookie, session.id))?.status, 'waiting');
  });
});
