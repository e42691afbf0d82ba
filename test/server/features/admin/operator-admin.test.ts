import { it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { ChannelSettings, ConversationDetail, OperatorAccount } from '../../../../src/protocol/operator-console.js';
import { ADMIN_PASSWORD, describeEachEngine } from '../../support/harness.js';
import {
  ADD_OPERATOR_ROUTE,
  CHANNELS_ROUTE,
  CONVERSATIONS_ROUTE,
  CONVERSATION_ROUTE,
  OPERATORS_ROUTE,
  PRESENCE_ROUTE,
  REMOVE_OPERATOR_ROUTE,
  RESET_PASSWORD_ROUTE,
  UPDATE_CHANNEL_ROUTE,
} from '../../../../src/protocol/console/routes.js';
import { CHAT_POST_ROUTE, INIT_ROUTE, SESSION_AUTHENTICATE_ROUTE } from '../../../../src/protocol/routes.js';

const ADMIN_ROUTES: [string, Record<string, unknown>][] = [
  [OPERATORS_ROUTE, {}],
  [ADD_OPERATOR_ROUTE, { login: 'x', name: 'X', password: 'long enough' }],
  [REMOVE_OPERATOR_ROUTE, { operator_id: 1 }],
  [RESET_PASSWORD_ROUTE, { operator_id: 1, password: 'long enough' }],
  [CHANNELS_ROUTE, {}],
  [UPDATE_CHANNEL_ROUTE, { channel_id: 1, values: { button_text: 'Hi' } }],
];

const uniqueLogin = () => `new-${randomBytes(4).toString('hex')}`;

describeEachEngine('operator administration routes', (h) => {
  it('needs a session (code 100) and an administrator (a clear access error) on every route', async () => {
    const { cookie } = await h.channelWithOperator();
    for (const [route, params] of ADMIN_ROUTES) {
      assert.equal((await h.rpc(route, params)).body.error?.code, 100, route);
      const refused = await h.rpc(route, params, { cookie });
      assert.equal(refused.body.error?.data.exception_type, 'access_error', route);
      assert.equal(refused.body.error?.data.message, 'Only administrators may manage operators and channels');
    }
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const channel = await h.call<ChannelSettings[]>(CHANNELS_ROUTE, {}, { cookie: admin });
    assert.equal(channel.find((c) => c.id === 1)?.button_text, 'Chat with one of our collaborators', 'nothing was changed by the refused calls');
  });

  it('adds an operator who can then log in and answer on its channels; the password is stored hashed', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const login = uniqueLogin();
    const account = await h.call<OperatorAccount>(ADD_OPERATOR_ROUTE, { login, name: 'Nora', password: 'correct horse', email: 'nora@example.com', channel_ids: [1] }, { cookie: admin });
    assert.deepEqual({ ...account, id: 0 }, { id: 0, login, name: 'Nora', email: 'nora@example.com', is_admin: false, channel_ids: [1], has_avatar: false, avatar_url: `/web/partner_image/${account.id}` });
    const stored = await h.app.store.getOperator(account.id);
    assert.ok(stored && stored.password_hash.startsWith('scrypt$') && !stored.password_hash.includes('correct horse'));
    const listed = await h.call<OperatorAccount[]>(OPERATORS_ROUTE, {}, { cookie: admin });
    assert.ok(listed.some((o) => o.id === account.id));
    assert.ok(!JSON.stringify(listed).includes('scrypt'), 'no hash leaves the server');
    const cookie = await h.login(login, 'correct horse');
    assert.deepEqual(await h.app.store.channelOperatorIds(1).then((ids) => ids.includes(account.id)), true);
    assert.equal(await h.call(PRESENCE_ROUTE, {}, { cookie }), 'available');

    const taken = await h.rpc(ADD_OPERATOR_ROUTE, { login, name: 'Other', password: 'another one' }, { cookie: admin });
    assert.equal(taken.body.error?.data.message, 'This login is already taken');
    for (const bad of [
      { login: uniqueLogin(), name: 'Short', password: 'short' },
      { login: 'two words', name: 'Spaces', password: 'long enough' },
      { login: uniqueLogin(), name: '  ', password: 'long enough' },
      { login: uniqueLogin(), name: 'Mail', password: 'long enough', email: 'not an address' },
      { login: uniqueLogin(), name: 'Chan', password: 'long enough', channel_ids: ['1'] },
    ]) {
      const { body } = await h.rpc(ADD_OPERATOR_ROUTE, bad, { cookie: admin });
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(bad));
    }
    const missing = await h.rpc(ADD_OPERATOR_ROUTE, { login: uniqueLogin(), name: 'Lost', password: 'long enough', channel_ids: [987654] }, { cookie: admin });
    assert.equal(missing.body.error?.data.exception_type, 'missing_error');
  });

  it('resets a password: the old one stops working and the operator is logged out everywhere', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const { operator, cookie, password } = await h.channelWithOperator();
    assert.equal(await h.call(RESET_PASSWORD_ROUTE, { operator_id: operator.id, password: 'a new secret' }, { cookie: admin }), true);
    assert.equal((await h.rpc(PRESENCE_ROUTE, {}, { cookie })).body.error?.code, 100, 'the old session is over');
    const old = await h.rpc(SESSION_AUTHENTICATE_ROUTE, { db: 'livechat', login: operator.login, password });
    assert.equal(old.body.error?.data.exception_type, 'access_denied');
    await h.login(operator.login, 'a new secret');
    const short = await h.rpc(RESET_PASSWORD_ROUTE, { operator_id: operator.id, password: '1234' }, { cookie: admin });
    assert.equal(short.body.error?.data.exception_type, 'validation_error');
  });

  it('removes an operator: no log-in, not offered to visitors, its past conversations stay readable; never oneself', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const { operator, cookie, password, channel, session } = await h.visitorSession({ name: 'Leaving' });
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'still here' });
    assert.equal(await h.call(REMOVE_OPERATOR_ROUTE, { operator_id: operator.id }, { cookie: admin }), true);
    assert.equal((await h.rpc(CONVERSATIONS_ROUTE, {}, { cookie })).body.error?.code, 100, 'logged out');
    assert.equal((await h.rpc(SESSION_AUTHENTICATE_ROUTE, { db: 'livechat', login: operator.login, password })).body.error?.data.exception_type, 'access_denied');
    assert.equal((await h.call<{ available_for_me: boolean }>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, false);
    const listed = await h.call<OperatorAccount[]>(OPERATORS_ROUTE, {}, { cookie: admin });
    assert.ok(!listed.some((o) => o.id === operator.id));
    const detail = await h.call<ConversationDetail>(CONVERSATION_ROUTE, { session_id: session.id }, { cookie: admin });
    assert.deepEqual(detail.messages.map((m) => m.body), ['<p>still here</p>']);
    const again = await h.rpc(REMOVE_OPERATOR_ROUTE, { operator_id: operator.id }, { cookie: admin });
    assert.equal(again.body.error?.data.exception_type, 'missing_error');
    const adminRow = await h.app.store.getOperatorByLogin('admin');
    const self = await h.rpc(REMOVE_OPERATOR_ROUTE, { operator_id: adminRow?.id }, { cookie: admin });
    assert.equal(self.body.error?.data.message, 'You cannot remove yourself');
  });

  it('changes channel texts, colours and the auto-popup rule; bad values are refused and change nothing', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const { channel } = await h.channelWithOperator();
    const values = {
      button_text: 'Talk to us',
      default_message: 'Hello! Ask <anything>',
      input_placeholder: 'Type here',
      button_background_color: '#112233',
      header_background_color: '#abc',
      rule_action: 'auto_popup',
      auto_popup_timer: 12,
    };
    const updated = await h.call<ChannelSettings>(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values }, { cookie: admin });
    assert.deepEqual({ ...updated, ...values }, updated, 'every value is stored as given');
    const init = await h.call<{ available_for_me: boolean; rule: Record<string, unknown> }>(INIT_ROUTE, { channel_id: channel.id });
    assert.deepEqual(init.rule, { action: 'auto_popup', auto_popup_timer: 12, regex_url: false });

    for (const bad of [{ button_background_color: 'red;background:url(x)' }, { rule_action: 'explode' }, { auto_popup_timer: -1 }, { rule_url_pattern: '(' }, { operator_id: 1 }]) {
      const { body } = await h.rpc(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: bad }, { cookie: admin });
      assert.ok(body.error, JSON.stringify(bad));
    }
    const after = await h.call<ChannelSettings[]>(CHANNELS_ROUTE, {}, { cookie: admin });
    assert.deepEqual(after.find((c) => c.id === channel.id), updated);
    const missing = await h.rpc(UPDATE_CHANNEL_ROUTE, { channel_id: 987654, values: {} }, { cookie: admin });
    assert.equal(missing.body.error?.data.exception_type, 'missing_error');
  });
});
