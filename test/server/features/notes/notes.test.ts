/**
 * Issue 25: internal notes. A note is stored with its conversation and told to operators only; mentions
 * reach operators of the channel. Hostile input, other channels' conversations, the rate limit.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import type { ConversationSummary } from '../../../../src/protocol/operator-console.js';
import { MENTIONABLE_ROUTE, NOTES_ROUTE, NOTE_LIMITS, POST_NOTE_ROUTE, type ConversationNote } from '../../../../src/protocol/console/notes.js';
import { CONVERSATIONS_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CHAT_POST_ROUTE } from '../../../../src/protocol/routes.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';

/** The payloads published on one bus channel. */
export async function payloadsOn(h: Harness, channel: string): Promise<Record<string, unknown>[]> {
  return (await h.app.busStore.listNotifications({ channels: [channel] })).map((n) => JSON.parse(n.message) as Record<string, unknown>);
}

/** A colleague in the channel, logged in. */
async function colleague(h: Harness, channelId: number, name: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  const operator = await h.app.store.createOperator({ login: `mate-${tag}`, display_name: name, email: `mate-${tag}@example.com`, password: 'pw-mate' });
  await h.app.store.addChannelOperator(channelId, operator.id);
  return { operator, cookie: await h.login(operator.login, 'pw-mate') };
}

describeEachEngine('internal notes', (h) => {
  it('stores a note after the newest message, lists it, and tells the operators’ own channels only', async () => {
    const { session, cookie, operator } = await h.visitorSession();
    const first = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Hello' });
    const note = await h.call<ConversationNote>(POST_NOTE_ROUTE, { session_id: session.id, text: '  Customer since 2019  ' }, { cookie });
    assert.equal(note.text, 'Customer since 2019');
    assert.equal(note.after_message_id, first);
    assert.deepEqual(note.author, { id: operator.id, name: operator.display_name });
    assert.deepEqual(await h.call<ConversationNote[]>(NOTES_ROUTE, { session_id: session.id }, { cookie }), [note]);
    const told = (await payloadsOn(h, BusChannel.operator(operator.id))).filter((p) => p.info === 'note_posted');
    assert.deepEqual(told, [{ info: 'note_posted', note }]);
    const onSession = await payloadsOn(h, BusChannel.session(session.id));
    assert.ok(!JSON.stringify(onSession).includes('Customer since'), 'not even the session channel');
  });

  it('does not count as the operator’s answer: the list still waits, unread stays, the chat stays unanswered for alerts', async () => {
    const { session, cookie } = await h.visitorSession();
    await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Anyone?' });
    await h.call(POST_NOTE_ROUTE, { session_id: session.id, text: 'Checking the order first' }, { cookie });
    const summary = (await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, {}, { cookie })).find((c) => c.id === session.id);
    assert.equal(summary?.unread, 1);
    assert.notEqual(summary?.waiting_since, null);
    assert.equal(summary?.last_message?.body, '<p>Anyone?</p>');
    assert.equal(await h.app.alertStore.answered(session.id), false);
  });

  it('a closed conversation still takes notes', async () => {
    const { session, cookie } = await h.visitorSession();
    await h.app.store.closeVisitorSession(session.id, h.clock.now());
    const note = await h.call<ConversationNote>(POST_NOTE_ROUTE, { session_id: session.id, text: 'Wrap-up: refunded' }, { cookie });
    assert.equal(note.after_message_id, 0, 'no message yet');
  });

  it('mentions operators of the channel only, once each, never the author, and tells them', async () => {
    const { session, cookie, channel, operator } = await h.visitorSession({ name: 'Alice Agent' });
    const bob = await colleague(h, channel.id, 'Bob Builder');
    const bobby = await colleague(h, channel.id, 'Bob');
    const outsider = await h.channelWithOperator({ name: 'Carol Outside' });
    const mentioned: number[] = [];
    h.app.events.on('note.mentioned', ({ mentionedId, noteId }) => void mentioned.push(mentionedId, noteId));
    const note = await h.call<ConversationNote>(
      POST_NOTE_ROUTE,
      { session_id: session.id, text: '@bob builder and @Bob, not @Carol Outside nor @Alice Agent; again @Bob Builder. @Bobcat' },
      { cookie },
    );
    assert.deepEqual(note.mentions, [{ id: bob.operator.id, name: 'Bob Builder' }, { id: bobby.operator.id, name: 'Bob' }]);
    await h.app.events.idle();
    assert.deepEqual(mentioned, [bob.operator.id, note.id, bobby.operator.id, note.id]);
    const notice = (await payloadsOn(h, BusChannel.operator(bob.operator.id))).filter((p) => p.info === 'note_mention');
    assert.equal(notice.length, 1);
    assert.equal((notice[0]!.note as ConversationNote).id, note.id);
    assert.equal(typeof notice[0]!.visitor_label, 'string');
    assert.deepEqual(await payloadsOn(h, BusChannel.operator(outsider.operator.id)), []);
    assert.equal((await payloadsOn(h, BusChannel.operator(operator.id))).filter((p) => p.info === 'note_mention').length, 0);
    const mentionable = await h.call<{ id: number; name: string }[]>(MENTIONABLE_ROUTE, { session_id: session.id }, { cookie });
    assert.deepEqual(mentionable.map((m) => m.name), ['Bob', 'Bob Builder']);
  });

  it(`acts on at most ${NOTE_LIMITS.mentionsMax} mentions a note`, async () => {
    const { session, cookie, channel } = await h.visitorSession();
    const names: string[] = [];
    for (let i = 0; i < NOTE_LIMITS.mentionsMax + 3; i += 1) {
      names.push(`Mate${i}`);
      await h.app.store.addChannelOperator(channel.id, (await h.app.store.createOperator({ login: `m${i}-${channel.id}`, display_name: `Mate${i}`, password: 'pw-mate-x' })).id);
    }
    const note = await h.call<ConversationNote>(POST_NOTE_ROUTE, { session_id: session.id, text: names.map((n) => `@${n}`).join(' ') }, { cookie });
    assert.equal(note.mentions.length, NOTE_LIMITS.mentionsMax);
  });

  it('refuses hostile input, strangers and other channels’ conversations, storing nothing', async () => {
    const { session, cookie } = await h.visitorSession();
    const other = await h.visitorSession();
    const refused = async (params: unknown, who = cookie) => (await h.rpc(POST_NOTE_ROUTE, params, { cookie: who })).body.error?.data;
    assert.equal((await h.rpc(POST_NOTE_ROUTE, { session_id: session.id, text: 'x' })).body.error?.code, 100, 'anonymous');
    const stranger = await refused({ session_id: session.id, text: 'x' }, other.cookie);
    assert.equal(stranger?.exception_type, 'missing_error');
    assert.equal((await refused({ session_id: 987_654, text: 'x' }, other.cookie))?.message, stranger?.message, 'another’s looks like a missing one');
    assert.equal((await h.rpc(NOTES_ROUTE, { session_id: session.id }, { cookie: other.cookie })).body.error?.data.exception_type, 'missing_error');
    assert.equal((await h.rpc(MENTIONABLE_ROUTE, { session_id: session.id }, { cookie: other.cookie })).body.error?.data.exception_type, 'missing_error');
    for (const text of ['', '   \n ', 'x'.repeat(NOTE_LIMITS.textMax + 1), 'bell\u0007', 'nul\u0000', 42, null, ['x'], { a: 1 }, true]) {
      assert.equal((await refused({ session_id: session.id, text }))?.exception_type, 'validation_error', JSON.stringify(text).slice(0, 40));
    }
    for (const bad of [null, -1, 1.5, '1; DROP TABLE note', [], {}, 2 ** 60]) {
      assert.equal((await refused({ session_id: bad, text: 'x' }))?.exception_type, 'validation_error', JSON.stringify(bad));
    }
    for (const key of ['__proto__', 'constructor']) {
      const params = JSON.parse(`{"${key}": {"session_id": ${session.id}, "text": "x"}}`) as object;
      assert.equal((await refused(params))?.exception_type, 'validation_error', key);
    }
    assert.deepEqual(await h.call(NOTES_ROUTE, { session_id: session.id }, { cookie }), []);
    const admin = await h.login('admin', 'admin-test-password');
    assert.equal((await h.call<ConversationNote>(POST_NOTE_ROUTE, { session_id: session.id, text: 'admin was here' }, { cookie: admin })).text, 'admin was here');
  });

  it(`takes ${NOTE_LIMITS.perMinute} notes a minute from one operator, then refuses`, async () => {
    const { session, cookie } = await h.visitorSession();
    for (let i = 0; i < NOTE_LIMITS.perMinute; i += 1) await h.call(POST_NOTE_ROUTE, { session_id: session.id, text: `n${i}` }, { cookie });
    const { body } = await h.rpc(POST_NOTE_ROUTE, { session_id: session.id, text: 'one too many' }, { cookie });
    assert.ok(body.error, 'refused');
    assert.equal((await h.call<ConversationNote[]>(NOTES_ROUTE, { session_id: session.id }, { cookie })).length, NOTE_LIMITS.perMinute);
  });
});
