/**
 * Issue 26, routing settings: a channel's capacity and reassign delay (channel settings, off and 60 s by
 * default), an operator's own capacity per channel and languages (admin), an operator's own languages;
 * new conversations follow them (capacity, language). Hostile input: out-of-bounds and wrongly typed
 * values, control characters, prototype keys, other channels, non-admins.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { ChannelSettings } from '../../../../src/protocol/operator-console.js';
import { CHANNELS_ROUTE, UPDATE_CHANNEL_ROUTE } from '../../../../src/protocol/console/routes.js';
import { MY_LANGUAGES_ROUTE, OPERATOR_ROUTING_ROUTE, SET_MY_LANGUAGES_ROUTE, SET_OPERATOR_ROUTING_ROUTE, type OperatorRouting } from '../../../../src/protocol/console/routing.js';
import { GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';

const errorOf = async (h: Harness, route: string, params: unknown, cookie: string) => (await h.rpc(route, params, { cookie })).body.error?.data;

async function colleague(h: Harness, channelId: number) {
  const tag = randomBytes(4).toString('hex');
  const operator = await h.app.store.createOperator({ login: `op-${tag}`, display_name: `Colleague ${tag}`, email: null, password: `pw-${tag}` });
  await h.app.store.addChannelOperator(channelId, operator.id);
  const cookie = await h.login(operator.login, `pw-${tag}`);
  return { operator, cookie };
}

describeEachEngine('routing settings', (h) => {
  it('a channel’s capacity is off and its reassign delay 60 s by default; an admin sets and clears both', async () => {
    const { channel } = await h.channelWithOperator();
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const read = async () => (await h.call<ChannelSettings[]>(CHANNELS_ROUTE, {}, { cookie: admin })).find((c) => c.id === channel.id)!;
    assert.deepEqual([(await read()).capacity, (await read()).reassign_after_seconds], [null, 60]);
    const saved = await h.call<ChannelSettings>(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { capacity: 3, reassign_after_seconds: 10 } }, { cookie: admin });
    assert.deepEqual([saved.capacity, saved.reassign_after_seconds], [3, 10]);
    await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { capacity: null, reassign_after_seconds: null } }, { cookie: admin });
    assert.deepEqual([(await read()).capacity, (await read()).reassign_after_seconds], [null, null]);
    await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { capacity: 100, reassign_after_seconds: 3600 } }, { cookie: admin });
    assert.deepEqual([(await read()).capacity, (await read()).reassign_after_seconds], [100, 3600], 'the upper bounds fit');
  });

  it('refuses channel values out of bounds or of the wrong type, and keeps the old ones', async () => {
    const { channel } = await h.channelWithOperator();
    const admin = await h.login('admin', ADMIN_PASSWORD);
    for (const capacity of [0, 101, -1, 1.5, '5', true, [], {}, 'x'.repeat(10_000)]) {
      assert.match((await errorOf(h, UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { capacity } }, admin))?.message ?? '', /capacity must be 1 to 100/, JSON.stringify(capacity).slice(0, 20));
    }
    for (const delay of [9, 3601, 0, -60, 60.5, '60', true, { __proto__: { a: 1 } }]) {
      assert.match((await errorOf(h, UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { reassign_after_seconds: delay } }, admin))?.message ?? '', /reassign_after_seconds must be 10 to 3600/);
    }
    const proto = JSON.parse(`{"channel_id": ${channel.id}, "values": {"__proto__": {"capacity": 1}}}`) as object;
    assert.ok(await errorOf(h, UPDATE_CHANNEL_ROUTE, proto, admin), 'a prototype key is refused');
    const { cookie: operator } = await h.channelWithOperator();
    assert.equal((await errorOf(h, UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { capacity: 1 } }, operator))?.exception_type, 'access_error');
    const row = await h.app.store.getChannel(channel.id);
    assert.deepEqual([row?.capacity, row?.reassign_after_seconds], [null, 60]);
  });

  it('an admin sets an operator’s languages and own capacity per channel; the operator sets their own languages', async () => {
    const { channel, operator, cookie } = await h.channelWithOperator();
    const second = await h.app.store.createChannel({ name: `Second ${channel.id}` });
    await h.app.store.addChannelOperator(second.id, operator.id);
    const admin = await h.login('admin', ADMIN_PASSWORD);
    assert.deepEqual(await h.call<OperatorRouting>(OPERATOR_ROUTING_ROUTE, { operator_id: operator.id }, { cookie: admin }), {
      operator_id: operator.id,
      languages: [],
      channels: [
        { channel_id: channel.id, capacity: null },
        { channel_id: second.id, capacity: null },
      ],
    });
    const saved = await h.call<OperatorRouting>(SET_OPERATOR_ROUTING_ROUTE, { operator_id: operator.id, languages: ['fr-BE', 'EN', 'fr_FR'], capacities: [{ channel_id: second.id, capacity: 4 }] }, { cookie: admin });
    assert.deepEqual(saved.languages, ['fr', 'en'], 'primary subtags, without repeats');
    assert.deepEqual(saved.channels, [
      { channel_id: channel.id, capacity: null },
      { channel_id: second.id, capacity: 4 },
    ]);
    assert.equal(await h.app.store.operatorCapacity(second.id, operator.id), 4);
    const cleared = await h.call<OperatorRouting>(SET_OPERATOR_ROUTING_ROUTE, { operator_id: String(operator.id), capacities: [{ channel_id: second.id, capacity: null }] }, { cookie: admin });
    assert.deepEqual([cleared.languages, cleared.channels[1]?.capacity], [['fr', 'en'], null], 'what is left out stays');

    assert.deepEqual(await h.call(MY_LANGUAGES_ROUTE, {}, { cookie }), { languages: ['fr', 'en'] });
    assert.deepEqual(await h.call(SET_MY_LANGUAGES_ROUTE, { languages: ['de', 'ar-EG'] }, { cookie }), { languages: ['de', 'ar'] });
    assert.deepEqual(await h.call(SET_MY_LANGUAGES_ROUTE, { languages: [] }, { cookie }), { languages: [] });
  });

  it('refuses hostile routing settings: bounds, types, bad tags, other channels, unknown operators, non-admins', async () => {
    const { channel, operator, cookie } = await h.channelWithOperator();
    const other = await h.channelWithOperator();
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const set = (params: object) => errorOf(h, SET_OPERATOR_ROUTING_ROUTE, { operator_id: operator.id, ...params }, admin);
    for (const capacity of [0, 101, 1.5, '3', true, {}]) assert.equal((await set({ capacities: [{ channel_id: channel.id, capacity }] }))?.exception_type, 'validation_error', JSON.stringify(capacity));
    for (const languages of ['fr', [42], ['??'], ['x'.repeat(36)], ['fr\u0000'], ['tab\u0007'], Array.from({ length: 21 }, () => 'fr'), [{ __proto__: 'fr' }]]) {
      assert.ok(await set({ languages }), JSON.stringify(languages).slice(0, 30));
    }
    assert.equal((await set({ capacities: Array.from({ length: 501 }, () => ({ channel_id: channel.id, capacity: 1 })) }))?.exception_type, 'validation_error');
    const foreign = await set({ languages: ['it'], capacities: [{ channel_id: other.channel.id, capacity: 2 }] });
    assert.equal(foreign?.exception_type, 'missing_error', 'a channel the operator is not in reads as missing');
    assert.deepEqual((await h.call<OperatorRouting>(OPERATOR_ROUTING_ROUTE, { operator_id: operator.id }, { cookie: admin })).languages, [], 'nothing was written');
    assert.equal(await h.app.store.operatorCapacity(other.channel.id, other.operator.id), null);
    const proto = JSON.parse(`{"operator_id": ${operator.id}, "__proto__": {"languages": ["fr"]}}`) as object;
    assert.ok(await errorOf(h, SET_OPERATOR_ROUTING_ROUTE, proto, admin), 'a prototype key is refused');
    assert.equal((await errorOf(h, OPERATOR_ROUTING_ROUTE, { operator_id: 999_999 }, admin))?.exception_type, 'missing_error');
    for (const route of [OPERATOR_ROUTING_ROUTE, SET_OPERATOR_ROUTING_ROUTE]) {
      assert.equal((await errorOf(h, route, { operator_id: other.operator.id, languages: ['fr'] }, cookie))?.exception_type, 'access_error', `${route}: admins only`);
    }
    assert.equal((await h.rpc(SET_MY_LANGUAGES_ROUTE, { languages: ['fr'] })).body.error?.code, 100, 'logged-out callers are refused');
    assert.equal((await errorOf(h, SET_MY_LANGUAGES_ROUTE, { languages: ['??'] }, cookie))?.exception_type, 'validation_error');
  });

  it('new conversations follow capacity and language', async () => {
    const { channel, operator: first } = await h.channelWithOperator();
    const { operator: speaker } = await colleague(h, channel.id);
    const admin = await h.login('admin', ADMIN_PASSWORD);
    await h.call(SET_OPERATOR_ROUTING_ROUTE, { operator_id: speaker.id, languages: ['fr'] }, { cookie: admin });
    const open = async (params: object = {}) => h.call<{ operator_pid: [number, string] } | false>(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'Visitor', ...params });
    const french = await open({ language: 'fr-CA' });
    assert.equal(french && french.operator_pid[0], speaker.id, 'the widget’s language');
    const byHeader = await h.call<{ operator_pid: [number, string] }>(GET_SESSION_ROUTE, { channel_id: channel.id }, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    assert.equal(byHeader.operator_pid[0], speaker.id, 'the browser’s Accept-Language when the widget says nothing');
    await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { capacity: 2 } }, { cookie: admin });
    const third = await open({ language: 'fr' });
    assert.equal(third && third.operator_pid[0], first.id, 'the speaker is at capacity');
    const fourth = await open({ previous_operator_id: speaker.id });
    assert.equal(fourth && fourth.operator_pid[0], first.id, 'even as the previous operator');
    const waiting = await h.call<{ id: number; operator_pid: [number, string] }>(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'Visitor' });
    assert.equal(waiting.operator_pid[0], 0, 'everyone at capacity: the visitor waits in the queue');
    await h.app.events.idle();
    await h.call(SET_OPERATOR_ROUTING_ROUTE, { operator_id: speaker.id, capacities: [{ channel_id: channel.id, capacity: 3 }] }, { cookie: admin });
    const fifth = await open();
    await h.app.events.idle();
    assert.equal(fifth && fifth.operator_pid[0], 0, 'first come, first served: the newcomer waits behind the one in line');
    assert.equal((await h.app.store.getVisitorSession(waiting.id))?.operator_id, speaker.id, 'the operator’s own capacity overrides the channel’s: the head took the new slot');
  });
});
