/**
 * Issue 26, supervisors: an admin makes a channel member its supervisor; the supervisor reads and takes
 * every conversation of that channel and none of another, writes notes in them, sees the channel's
 * screen, and its reading never tells the visitor "Seen". A plain operator's rights stay as they were.
 * Hostile input: wrong roles, unknown and archived operators, other channels, prototype keys, control characters.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { CONVERSATION_ROUTE, MARK_SEEN_ROUTE } from '../../../../src/protocol/console/routes.js';
import { POST_NOTE_ROUTE } from '../../../../src/protocol/console/notes.js';
import { CHAT_POST_ROUTE } from '../../../../src/protocol/routes.js';
import {
  CHANNEL_ROLES_ROUTE,
  SET_CHANNEL_ROLE_ROUTE,
  SUPERVISED_CHANNELS_ROUTE,
  SUPERVISION_ROUTE,
  SUPERVISION_LIMITS,
  TAKE_CONVERSATION_ROUTE,
  type SupervisionSnapshot,
} from '../../../../src/protocol/console/supervision.js';
import { mayManage, readableChannels, readableConversations } from '../../../../src/server/domain/conversations/index.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { waitUntil } from '../../support/wait-until.js';

async function infos(h: Harness, channel: string): Promise<Record<string, unknown>[]> {
  return (await h.app.busStore.listNotifications({ channels: [channel] })).map((n) => JSON.parse(n.message) as Record<string, unknown>);
}

/** Channel A with its operator's chat, channel B with another, and a member of A the admin makes its supervisor. */
async function twoChannels(h: Harness) {
  const a = await h.visitorSession();
  const b = await h.visitorSession();
  const tag = `${a.session.id}-${b.session.id}`;
  const supervisor = await h.app.store.createOperator({ login: `sup-${tag}`, display_name: `Sup ${tag}`, email: null, password: 'pw-sup' });
  const colleague = await h.app.store.createOperator({ login: `col-${tag}`, display_name: `Col ${tag}`, email: null, password: 'pw-col' });
  await h.app.store.addChannelOperator(a.channel.id, colleague.id);
  const admin = await h.login('admin', ADMIN_PASSWORD);
  await h.call(SET_CHANNEL_ROLE_ROUTE, { channel_id: a.channel.id, operator_id: supervisor.id, role: 'supervisor' }, { cookie: admin });
  return { a, b, supervisor, colleague, admin, sup: await h.login(supervisor.login, 'pw-sup'), col: await h.login(colleague.login, 'pw-col') };
}

describeEachEngine('supervisors', (h) => {
  it('an admin sets roles; the members list follows; `none` takes the operator out', async () => {
    const { a, supervisor, colleague, admin, sup } = await twoChannels(h);
    const members = await h.call(CHANNEL_ROLES_ROUTE, { channel_id: a.channel.id }, { cookie: admin });
    assert.deepEqual(members, [
      { operator_id: a.operator.id, role: 'operator' },
      { operator_id: supervisor.id, role: 'supervisor' },
      { operator_id: colleague.id, role: 'operator' },
    ]);
    assert.deepEqual(await h.call(SUPERVISED_CHANNELS_ROUTE, {}, { cookie: sup }), [{ id: a.channel.id, name: a.channel.name }]);
    await h.call(SET_CHANNEL_ROLE_ROUTE, { channel_id: a.channel.id, operator_id: colleague.id, role: 'supervisor' }, { cookie: admin });
    const after = await h.call(SET_CHANNEL_ROLE_ROUTE, { channel_id: a.channel.id, operator_id: colleague.id, role: 'none' }, { cookie: admin });
    assert.deepEqual(after, [
      { operator_id: a.operator.id, role: 'operator' },
      { operator_id: supervisor.id, role: 'supervisor' },
    ]);
    assert.deepEqual(await h.app.store.operatorChannelIds(colleague.id), []);
  });

  it('role routes refuse non-admins and hostile input', async () => {
    const { a, b, supervisor, admin, sup } = await twoChannels(h);
    const refused = await h.rpc(SET_CHANNEL_ROLE_ROUTE, { channel_id: a.channel.id, operator_id: supervisor.id, role: 'operator' }, { cookie: sup });
    assert.equal(refused.body.error?.data.exception_type, 'access_error', 'a supervisor is no admin');
    assert.equal((await h.rpc(CHANNEL_ROLES_ROUTE, { channel_id: a.channel.id }, { cookie: sup })).body.error?.data.exception_type, 'access_error');
    assert.equal((await h.rpc(CHANNEL_ROLES_ROUTE, { channel_id: a.channel.id })).body.error?.code, 100);
    for (const role of ['admin', 'Supervisor', 'supervisor\u0000', '', null, 1, ['supervisor'], { role: 'supervisor' }, '__proto__', 'x'.repeat(10_000)]) {
      const { body } = await h.rpc(SET_CHANNEL_ROLE_ROUTE, { channel_id: a.channel.id, operator_id: supervisor.id, role }, { cookie: admin });
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(role).slice(0, 40));
    }
    for (const bad of [-1, 1.5, '1; DROP TABLE operator', '\u0007', 2 ** 60, null]) {
      const { body } = await h.rpc(SET_CHANNEL_ROLE_ROUTE, { channel_id: bad, operator_id: supervisor.id, role: 'supervisor' }, { cookie: admin });
      assert.equal(body.error?.data.exception_type, 'validation_error', String(bad));
    }
    const proto = await h.rpc(SET_CHANNEL_ROLE_ROUTE, JSON.parse(`{"__proto__": {"role": "supervisor"}, "channel_id": ${a.channel.id}, "operator_id": ${supervisor.id}}`) as object, { cookie: admin });
    assert.equal(proto.body.error?.data.exception_type, 'validation_error');
    const unknownChannel = await h.rpc(SET_CHANNEL_ROLE_ROUTE, { channel_id: 987_654_321, operator_id: supervisor.id, role: 'supervisor' }, { cookie: admin });
    assert.equal(unknownChannel.body.error?.data.exception_type, 'missing_error');
    const unknownOperator = await h.rpc(SET_CHANNEL_ROLE_ROUTE, { channel_id: a.channel.id, operator_id: 987_654_321, role: 'supervisor' }, { cookie: admin });
    assert.equal(unknownOperator.body.error?.data.exception_type, 'missing_error');
    await h.app.store.archiveOperator(b.operator.id, h.clock.now());
    const archived = await h.rpc(SET_CHANNEL_ROLE_ROUTE, { channel_id: a.channel.id, operator_id: b.operator.id, role: 'supervisor' }, { cookie: admin });
    assert.equal(archived.body.error?.data.exception_type, 'missing_error', 'a removed operator gets no role');
    assert.deepEqual(await h.app.store.roles.supervisedChannelIds(supervisor.id), [a.channel.id], 'nothing changed');
  });

  it('a supervisor of channel A reads all of A and nothing of B; a plain colleague still reads only its own', async () => {
    const { a, b, supervisor, colleague, sup, col } = await twoChannels(h);
    assert.equal((await h.call<{ id: number }>(CONVERSATION_ROUTE, { session_id: a.session.id }, { cookie: sup })).id, a.session.id);
    const other = await h.rpc(CONVERSATION_ROUTE, { session_id: b.session.id }, { cookie: sup });
    assert.equal(other.body.error?.data.exception_type, 'missing_error', 'channel B is not theirs');
    const plain = await h.rpc(CONVERSATION_ROUTE, { session_id: a.session.id }, { cookie: col });
    assert.equal(plain.body.error?.data.exception_type, 'missing_error', 'a plain member does not read a colleague’s chat');

    const readable = async (operatorId: number) => {
      const operator = (await h.app.store.getOperator(operatorId))!;
      const rows = await h.app.database.db
        .selectFrom('visitor_session as s')
        .select('s.id')
        .where((eb) => readableConversations(eb, operator, 's')!)
        .where('s.id', 'in', [a.session.id, b.session.id])
        .execute();
      return rows.map((r) => r.id);
    };
    assert.deepEqual(await readable(supervisor.id), [a.session.id]);
    assert.deepEqual(await readable(colleague.id), []);
    assert.deepEqual(await readable(a.operator.id), [a.session.id]);

    const sessionChannels = [BusChannel.session(a.session.id), BusChannel.session(b.session.id)];
    assert.deepEqual(await readableChannels(h.app.store, sessionChannels, (await h.app.store.getOperator(supervisor.id))!), [BusChannel.session(a.session.id)]);
    assert.deepEqual(await readableChannels(h.app.store, sessionChannels, (await h.app.store.getOperator(colleague.id))!), []);

    const rowA = (await h.app.store.getVisitorSession(a.session.id))!;
    const rowB = (await h.app.store.getVisitorSession(b.session.id))!;
    assert.equal(await mayManage(h.app.store, (await h.app.store.getOperator(supervisor.id))!, rowA), true);
    assert.equal(await mayManage(h.app.store, (await h.app.store.getOperator(supervisor.id))!, rowB), false);
    assert.equal(await mayManage(h.app.store, (await h.app.store.getOperator(colleague.id))!, rowA), false);
    assert.equal(await mayManage(h.app.store, a.operator, rowA), true);
  });

  it('a supervisor’s reading never marks the conversation read for the visitor; its operator’s does', async () => {
    const { a, sup, admin } = await twoChannels(h);
    const message = await h.call<number>(CHAT_POST_ROUTE, { uuid: a.session.uuid, message_content: 'Hello?' });
    assert.equal(await h.call(MARK_SEEN_ROUTE, { session_id: a.session.id, message_id: message }, { cookie: sup }), false);
    assert.equal(await h.call(MARK_SEEN_ROUTE, { session_id: a.session.id, message_id: message }, { cookie: admin }), false, 'nor an admin’s');
    const seen = async () => (await infos(h, a.session.uuid)).filter((p) => p.info === 'channel_seen');
    assert.deepEqual(await seen(), []);
    assert.equal((await h.app.store.getVisitorSession(a.session.id))?.operator_seen_message_id, null);
    assert.equal(await h.call(MARK_SEEN_ROUTE, { session_id: a.session.id, message_id: message }, { cookie: a.cookie }), true);
    assert.deepEqual(await seen(), [{ info: 'channel_seen', last_message_id: message }]);
  });

  it('a supervisor writes notes in any conversation of the channel, none in another', async () => {
    const { a, b, supervisor, colleague, sup } = await twoChannels(h);
    const note = await h.call<{ text: string }>(POST_NOTE_ROUTE, { session_id: a.session.id, text: 'Watch the refund.' }, { cookie: sup });
    assert.equal(note.text, 'Watch the refund.');
    const told = async (operatorId: number) => (await infos(h, BusChannel.operator(operatorId))).filter((p) => p.info === 'note_posted').length;
    assert.equal(await told(a.operator.id), 1, 'the conversation’s operator sees the supervisor’s note');
    await h.call(POST_NOTE_ROUTE, { session_id: a.session.id, text: 'On it.' }, { cookie: a.cookie });
    assert.equal(await told(supervisor.id), 2, 'the supervisor sees the operator’s note live too');
    assert.equal(await told(colleague.id), 0, 'a plain colleague hears nothing of it');
    const refused = await h.rpc(POST_NOTE_ROUTE, { session_id: b.session.id, text: 'Nope' }, { cookie: sup });
    assert.equal(refused.body.error?.data.exception_type, 'missing_error');
  });

  it('a supervisor takes a conversation of its channel; plain members, other channels and closed ones are refused', async () => {
    const { a, b, supervisor, admin, sup, col } = await twoChannels(h);
    const events: unknown[] = [];
    const stop = h.app.events.on('conversation.assigned', (e) => void events.push(e));
    assert.equal((await h.rpc(TAKE_CONVERSATION_ROUTE, { session_id: a.session.id }, { cookie: col })).body.error?.data.exception_type, 'missing_error');
    assert.equal((await h.rpc(TAKE_CONVERSATION_ROUTE, { session_id: b.session.id }, { cookie: sup })).body.error?.data.exception_type, 'missing_error');
    assert.deepEqual(await h.call(TAKE_CONVERSATION_ROUTE, { session_id: a.session.id }, { cookie: sup }), { session_id: a.session.id, operator_id: supervisor.id });
    await h.app.events.idle();
    stop();
    assert.equal((await h.app.store.getVisitorSession(a.session.id))?.operator_id, supervisor.id);
    assert.deepEqual(events, [{ sessionId: a.session.id, channelId: a.channel.id, fromOperatorId: a.operator.id, toOperatorId: supervisor.id, reason: 'taken', byOperatorId: supervisor.id, note: null }]);
    const again = await h.rpc(TAKE_CONVERSATION_ROUTE, { session_id: a.session.id }, { cookie: sup });
    assert.equal(again.body.error?.data.message, 'This conversation is already yours');
    await h.app.store.closeVisitorSession(b.session.id, h.clock.now());
    const closed = await h.rpc(TAKE_CONVERSATION_ROUTE, { session_id: b.session.id }, { cookie: admin });
    assert.equal(closed.body.error?.data.message, 'This conversation is closed');
    for (const bad of [null, -1, 'x', { __proto__: { id: 1 } }, 2 ** 60]) {
      assert.equal((await h.rpc(TAKE_CONVERSATION_ROUTE, { session_id: bad }, { cookie: sup })).body.error?.data.exception_type, 'validation_error');
    }
  });

  it('the screen lists the channel’s live conversations and its operators’ load, for its supervisors and admins only', async () => {
    const { a, b, supervisor, admin, sup, col } = await twoChannels(h);
    h.clock.advance(1000);
    await h.call<number>(CHAT_POST_ROUTE, { uuid: a.session.uuid, message_content: 'Hello?' });
    await h.app.events.idle();
    const screen = await h.call<SupervisionSnapshot>(SUPERVISION_ROUTE, { channel_id: a.channel.id }, { cookie: sup });
    assert.equal(screen.channel_id, a.channel.id);
    assert.deepEqual(
      screen.conversations.map((c) => [c.session_id, c.operator?.id, c.status]),
      [[a.session.id, a.operator.id, 'open']],
    );
    const row = (await h.app.store.getVisitorSession(a.session.id))!;
    assert.equal(screen.conversations[0]?.waiting_since, row.created_at, 'nobody answered yet: waiting since the start');
    const holder = screen.operators.find((o) => o.id === a.operator.id);
    assert.deepEqual([holder?.load, holder?.capacity, holder?.presence, holder?.role], [1, null, 'online', 'operator']);
    assert.equal(screen.operators.find((o) => o.id === supervisor.id)?.role, 'supervisor');
    // The capacity routing caps: the channel's, or the operator's own over it.
    await h.app.store.updateChannel(a.channel.id, { capacity: 3 });
    await h.app.store.setOperatorCapacity(a.channel.id, supervisor.id, 5);
    const capped = await h.call<SupervisionSnapshot>(SUPERVISION_ROUTE, { channel_id: a.channel.id }, { cookie: sup });
    assert.deepEqual([capped.operators.find((o) => o.id === a.operator.id)?.capacity, capped.operators.find((o) => o.id === supervisor.id)?.capacity], [3, 5]);

    await h.call(CHAT_POST_ROUTE, { session_id: a.session.id, message_content: 'Hi!' }, { cookie: a.cookie });
    const answered = await h.call<SupervisionSnapshot>(SUPERVISION_ROUTE, { channel_id: a.channel.id }, { cookie: admin });
    assert.equal(answered.conversations[0]?.waiting_since, null, 'the operator had the last word');
    h.clock.advance(1000);
    const again = await h.call<number>(CHAT_POST_ROUTE, { uuid: a.session.uuid, message_content: 'Thanks, and?' });
    const stored = await h.app.store.getMessage(again);
    const waiting = await h.call<SupervisionSnapshot>(SUPERVISION_ROUTE, { channel_id: a.channel.id }, { cookie: sup });
    assert.equal(waiting.conversations[0]?.waiting_since, stored?.created_at, 'since the visitor’s message after the answer');

    // Changes are announced at most every ANNOUNCE_GAP_MS, the later ones of a burst when the gap ends.
    const heard = async () => (await infos(h, BusChannel.operator(supervisor.id))).some((p) => p.info === 'supervision_changed' && p.channel_id === a.channel.id);
    await waitUntil(heard, 'the supervisor hears of changes');
    assert.equal((await infos(h, BusChannel.operator(supervisor.id))).some((p) => p.info === 'supervision_changed' && p.channel_id === b.channel.id), false);

    assert.equal((await h.rpc(SUPERVISION_ROUTE, { channel_id: b.channel.id }, { cookie: sup })).body.error?.data.exception_type, 'access_error');
    assert.equal((await h.rpc(SUPERVISION_ROUTE, { channel_id: a.channel.id }, { cookie: col })).body.error?.data.exception_type, 'access_error');
    assert.equal((await h.rpc(SUPERVISION_ROUTE, { channel_id: 987_654_321 }, { cookie: sup })).body.error?.data.exception_type, 'access_error', 'an unknown channel reads as a refused one');
    assert.equal((await h.rpc(SUPERVISION_ROUTE, { channel_id: a.channel.id })).body.error?.code, 100);
    assert.deepEqual(await h.call(SUPERVISED_CHANNELS_ROUTE, {}, { cookie: col }), []);
    for (const bad of [null, -1, '1 OR 1=1', '\u0000', [], { __proto__: { id: 1 } }, 'x'.repeat(100_000)]) {
      assert.equal((await h.rpc(SUPERVISION_ROUTE, { channel_id: bad }, { cookie: sup })).body.error?.data.exception_type, 'validation_error', JSON.stringify(bad).slice(0, 30));
    }
  });

  it('the screen’s reads are limited per operator; stray keys grant nothing', async () => {
    const { a, sup, col } = await twoChannels(h);
    for (let i = 0; i < SUPERVISION_LIMITS.readsPerMinute; i += 1) await h.call(SUPERVISED_CHANNELS_ROUTE, {}, { cookie: sup });
    const refused = await h.rpc(SUPERVISED_CHANNELS_ROUTE, {}, { cookie: sup });
    assert.equal(refused.body.error?.data.exception_type, 'warning', 'too many reads');
    assert.deepEqual(await h.call(SUPERVISED_CHANNELS_ROUTE, {}, { cookie: col }), [], 'another operator is not slowed');
    h.clock.advance(60_000);
    assert.equal((await h.rpc(SUPERVISED_CHANNELS_ROUTE, {}, { cookie: sup })).body.error, undefined, 'the next minute reads again');
    assert.deepEqual(await h.call(SUPERVISED_CHANNELS_ROUTE, { is_admin: true }, { cookie: sup }), [{ id: a.channel.id, name: a.channel.name }]);
    const proto = await h.rpc(SUPERVISED_CHANNELS_ROUTE, JSON.parse('{"__proto__": {"is_admin": true}}') as object, { cookie: sup });
    assert.equal(proto.body.error?.data.exception_type, 'validation_error');
  });
}, { RATE_LIMIT_LOGIN: '500' });
