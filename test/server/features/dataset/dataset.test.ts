import { it } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { CALL_KW_ROUTE, CHAT_POST_ROUTE, FEEDBACK_ROUTE, SEARCH_READ_ROUTE } from '../../../../src/protocol/routes.js';

async function setup(h: Harness) {
  const mine = await h.visitorSession({ name: 'Mia' });
  const theirs = await h.visitorSession({ name: 'Theo' });
  await h.call(CHAT_POST_ROUTE, { uuid: mine.session.uuid, message_content: 'hello from my visitor' });
  await h.call(FEEDBACK_ROUTE, { uuid: mine.session.uuid, rate: 3, reason: 'ok' });
  await h.call(FEEDBACK_ROUTE, { uuid: theirs.session.uuid, rate: 1, reason: 'bad' });
  const admin = await h.login('admin', ADMIN_PASSWORD);
  return { mine, theirs, admin };
}

const kw = (model: string, method: string, args: unknown[] = [], kwargs: Record<string, unknown> = {}) => ({ model, method, args, kwargs: { context: { lang: 'en_US' }, ...kwargs } });

describeEachEngine('dataset routes', (h) => {
  it('has_group: operators are livechat users, only admins are managers', async () => {
    const { mine, admin } = await setup(h);
    const ask = (cookie: string, group: string) => h.call(`/web/dataset/call_kw/res.users/has_group`, kw('res.users', 'has_group', [group]), { cookie });
    assert.equal(await ask(mine.cookie, 'im_livechat.im_livechat_group_user'), true);
    assert.equal(await ask(mine.cookie, 'im_livechat.im_livechat_group_manager'), false);
    assert.equal(await ask(admin, 'im_livechat.im_livechat_group_manager'), true);
    assert.equal(await ask(admin, 'some.unknown_group'), false);
  });

  it('search_read returns only the sessions of the caller channels, with a parsed domain and order', async () => {
    const { mine, theirs, admin } = await setup(h);
    const { body } = await h.rpc(SEARCH_READ_ROUTE, { model: 'mail.channel', domain: [['state', '=', 'open']], fields: ['livechat_operator_id', 'state'], limit: 10, sort: 'id desc' }, { cookie: mine.cookie });
    const result = body.result as { length: number; records: { id: number; livechat_operator_id: [number, string]; state: string }[] };
    assert.deepEqual(result.records.map((r) => r.id), [mine.session.id]);
    assert.deepEqual(result.records[0]!.livechat_operator_id, [mine.operator.id, 'Mia']);
    assert.equal(result.length, 1);
    const all = await h.call<{ records: { id: number }[] }>(SEARCH_READ_ROUTE, { model: 'mail.channel', domain: ['|', ['id', '=', mine.session.id], ['id', '=', theirs.session.id]], fields: ['id'], sort: 'id asc' }, { cookie: admin });
    assert.deepEqual(all.records.map((r) => r.id), [mine.session.id, theirs.session.id]);
    const named = await h.call<{ records: unknown[] }>(SEARCH_READ_ROUTE, { model: 'mail.channel', domain: [['livechat_operator_id', '=', theirs.operator.id], ['anonymous_name', 'ilike', 'VISIT']], fields: ['id'] }, { cookie: admin });
    assert.equal(named.records.length, 1);
  });

  it('ilike treats % and _ literally, and read_group counts per value within the caller rights', async () => {
    const { mine, admin } = await setup(h);
    const none = await h.call<{ records: unknown[] }>(SEARCH_READ_ROUTE, { model: 'mail.channel', domain: [['name', 'ilike', '%']], fields: ['id'] }, { cookie: admin });
    assert.equal(none.records.length, 0);
    const groups = await h.call<Record<string, unknown>[]>(`${CALL_KW_ROUTE}/rating.rating/read_group`, kw('rating.rating', 'read_group', [[], ['rating'], ['rating']]), { cookie: mine.cookie });
    assert.deepEqual(groups, [{ rating: 3, rating_count: 1, __domain: [['rating', '=', 3]] }]);
  });

  it('refuses unknown models, fields, methods and operators, and any domain that is not plain data', async () => {
    const { mine } = await setup(h);
    const cases: [unknown, string][] = [
      [kw('ir.config_parameter', 'search_read'), 'access_error'],
      [kw('res.users', 'search_read', [[], ['password_hash']]), 'access_error'],
      [kw('res.users', 'unlink', [[1]]), 'access_error'],
      [kw('mail.channel', 'search_read', [[['id', '=', 1, 'x']]]), 'validation_error'],
      [kw('mail.channel', 'search_read', [[["id; DROP TABLE message; --", '=', 1]]]), 'validation_error'],
      [kw('mail.channel', 'search_read', [[['id', 'similar to', 1]]]), 'validation_error'],
      [kw('mail.channel', 'search_read', [[['id', '=', { $gt: 0 }]]]), 'validation_error'],
      [kw('mail.channel', 'search_read', [[]], { order: 'id; drop table operator' }), 'validation_error'],
      [kw('mail.channel', 'search_read', [['|', ['id', '=', 1]]]), 'validation_error'],
    ];
    for (const [params, type] of cases) {
      const { body } = await h.rpc(CALL_KW_ROUTE, params, { cookie: mine.cookie });
      assert.equal(body.error?.data.exception_type, type, JSON.stringify(params));
    }
    assert.ok((await h.app.store.listOperators()).length > 0, 'tables are intact');
  });

  it('needs a logged-in operator (code 100 otherwise)', async () => {
    const { body } = await h.rpc(CALL_KW_ROUTE, kw('mail.channel', 'search_read'));
    assert.equal(body.error?.code, 100);
  });

  it('write changes channel settings for admins only, with validated values', async () => {
    const { mine, admin } = await setup(h);
    const channelId = mine.channel.id;
    const denied = await h.rpc(CALL_KW_ROUTE, kw('im_livechat.channel', 'write', [[channelId], { button_text: 'Hi' }]), { cookie: mine.cookie });
    assert.equal(denied.body.error?.data.exception_type, 'access_error');
    assert.equal(await h.call(CALL_KW_ROUTE, kw('im_livechat.channel', 'write', [[channelId], { button_text: 'Talk to us', button_background_color: '#123456', rule_action: 'auto_popup', auto_popup_timer: 5 }]), { cookie: admin }), true);
    const [row] = await h.call<Record<string, unknown>[]>(CALL_KW_ROUTE, kw('im_livechat.channel', 'read', [[channelId], ['button_text', 'button_background_color', 'rule_action', 'auto_popup_timer']]), { cookie: mine.cookie });
    assert.deepEqual(row, { id: channelId, button_text: 'Talk to us', button_background_color: '#123456', rule_action: 'auto_popup', auto_popup_timer: 5 });
    const bad = await h.rpc(CALL_KW_ROUTE, kw('im_livechat.channel', 'write', [[channelId], { button_background_color: 'red;}' }]), { cookie: admin });
    assert.equal(bad.body.error?.data.exception_type, 'validation_error');
    const readOnly = await h.rpc(CALL_KW_ROUTE, kw('im_livechat.channel', 'write', [[channelId], { id: 5 }]), { cookie: admin });
    assert.equal(readOnly.body.error?.data.exception_type, 'access_error');
  });

  it('messages and users are limited to what the operator shares', async () => {
    const { mine, theirs } = await setup(h);
    const msgs = await h.call<{ res_id: number; author_id: [number, string] }[]>(CALL_KW_ROUTE, kw('mail.message', 'search_read', [[], ['res_id', 'author_id']]), { cookie: mine.cookie });
    assert.ok(msgs.length >= 1);
    assert.ok(msgs.every((m) => m.res_id === mine.session.id));
    assert.deepEqual(msgs[0]!.author_id, [0, 'Visitor']);
    const users = await h.call<{ id: number; im_status: string }[]>(CALL_KW_ROUTE, kw('res.users', 'search_read', [[], ['id', 'im_status']]), { cookie: mine.cookie });
    assert.deepEqual(users.map((u) => u.id), [mine.operator.id]);
    assert.equal(users[0]!.im_status, 'online');
    assert.ok(!users.some((u) => u.id === theirs.operator.id));
  });
});
