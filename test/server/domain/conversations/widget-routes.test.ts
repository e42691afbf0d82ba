import { it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel, type ChatMessage, type LivechatSession } from '../../../../src/protocol/livechat.js';
import { AVAILABILITY_CACHE_MS } from '../../../../src/server/domain/channels/availability.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';
import { DEFAULT_CHANNEL_OPTIONS } from '../../support/channel-options.js';
import { CLOSE_SESSION_ROUTE } from '../../../../src/protocol/console/routes.js';
import {
  CHAT_HISTORY_ROUTE,
  CHAT_POST_ROUTE,
  FEEDBACK_ROUTE,
  GET_SESSION_ROUTE,
  HISTORY_ROUTE,
  INIT_ROUTE,
  LOAD_TEMPLATES_ROUTE,
  NOTIFY_TYPING_ROUTE,
  SESSION_INFO_ROUTE,
} from '../../../../src/protocol/routes.js';

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
const OPTIONS = DEFAULT_CHANNEL_OPTIONS;

async function notificationsOn(h: Harness, channel: string) {
  return (await h.app.busStore.listNotifications({ channels: [channel] })).map((n) => JSON.parse(n.message) as Record<string, unknown>);
}

describeEachEngine('widget routes', (h) => {
  it('init says unavailable while no operator of the channel is online, available once one logs in', async () => {
    const { channel, operator, password } = await h.channelWithOperator({ online: false });
    assert.deepEqual(await h.call(INIT_ROUTE, { channel_id: channel.id }), { available_for_me: false, rule: {}, options: OPTIONS });
    await h.login(operator.login, password);
    assert.deepEqual(await h.call(INIT_ROUTE, { channel_id: channel.id }), {
      available_for_me: true,
      rule: { action: 'display_button', auto_popup_timer: 0, regex_url: false },
      options: OPTIONS,
    });
    h.clock.advance(61_000);
    assert.equal((await h.call<{ available_for_me: boolean }>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, false, 'unseen for 61 s: offline');
  });

  it('init reports the channel rule, matched against the page address, and hide_button hides', async () => {
    const { channel } = await h.channelWithOperator();
    await h.app.store.updateChannel(channel.id, { rule_action: 'auto_popup', auto_popup_timer: 7, rule_url_pattern: '/shop' });
    const onShop = await h.call(INIT_ROUTE, { channel_id: channel.id }, { headers: { referer: 'https://site.example/shop/item' } });
    assert.deepEqual(onShop, { available_for_me: true, rule: { action: 'auto_popup', auto_popup_timer: 7, regex_url: '/shop' }, options: OPTIONS });
    const elsewhere = await h.call(INIT_ROUTE, { channel_id: channel.id }, { headers: { referer: 'https://site.example/blog' } });
    assert.deepEqual(elsewhere, { available_for_me: true, rule: {}, options: OPTIONS });
    await h.app.store.updateChannel(channel.id, { rule_action: 'hide_button', rule_url_pattern: null });
    // Written behind the server's back (as another process would): init answers from memory for up to 5 s.
    h.clock.advance(AVAILABILITY_CACHE_MS);
    assert.equal((await h.call<{ available_for_me: boolean }>(INIT_ROUTE, { channel_id: channel.id })).available_for_me, false);
  });

  it('init refuses an unknown channel and a malformed channel_id with JSON-RPC errors', async () => {
    const unknown = await h.rpc(INIT_ROUTE, { channel_id: 987654 });
    assert.equal(unknown.body.error?.data.exception_type, 'missing_error');
    const bad = await h.rpc(INIT_ROUTE, { channel_id: 'one' });
    assert.equal(bad.body.error?.data.exception_type, 'validation_error');
    assert.match(bad.body.error?.data.message ?? '', /channel_id must be a positive integer/);
  });

  it('get_session returns the session data without any e-mail address and tells the operator', async () => {
    const { channel, operator } = await h.channelWithOperator({ name: 'Mitchell Admin' });
    const { body } = await h.rpc(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'Visitor', previous_operator_id: null });
    const session = body.result as LivechatSession;
    assert.match(session.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual({ ...session, uuid: 'x', id: 0 }, {
      id: 0,
      uuid: 'x',
      name: 'Visitor Mitchell Admin',
      operator_pid: [operator.id, 'Mitchell Admin'],
      state: 'open',
      folded: false,
      message_unread_counter: 0,
      identity: 'anonymous',
    });
    assert.ok(!JSON.stringify(body).includes('@example.com'), 'no operator e-mail reaches the visitor');
    const told = await notificationsOn(h, BusChannel.operator(operator.id));
    assert.equal(told.at(-1)?.info, 'new_session');
    assert.equal((told.at(-1)?.session as LivechatSession).id, session.id);
    assert.ok(!JSON.stringify(told).includes(session.uuid), 'the uuid, the visitor credential, never reaches an operator');
  });

  it('get_session answers false when nobody is online or the channel is unknown', async () => {
    const { channel } = await h.channelWithOperator({ online: false });
    assert.equal(await h.call(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'Visitor', previous_operator_id: null }), false);
    assert.equal(await h.call(GET_SESSION_ROUTE, { channel_id: 999999, anonymous_name: 'Visitor' }), false);
  });

  it('get_session prefers the previous operator when online, else the least busy one', async () => {
    const a = await h.channelWithOperator();
    const b = await h.app.store.createOperator({ login: `b-${a.channel.id}`, display_name: 'B', password: 'pw-b' });
    await h.app.store.addChannelOperator(a.channel.id, b.id);
    await h.login(b.login, 'pw-b');
    const open = (prev: unknown) => h.call<LivechatSession>(GET_SESSION_ROUTE, { channel_id: a.channel.id, anonymous_name: 'V', previous_operator_id: prev });
    const first = await open(null);
    const second = await open(null);
    assert.notEqual(first.operator_pid[0], second.operator_pid[0], 'the second visitor goes to the free operator');
    const again = await open(String(first.operator_pid[0]));
    assert.equal(again.operator_pid[0], first.operator_pid[0], 'the previous operator (cookie text) wins');
    const garbage = await open('not-a-number');
    assert.ok([a.operator.id, b.id].includes(garbage.operator_pid[0]), 'a bad cookie value only loses the preference');
  });

  it('chat_post stores visitor text escaped with clickable links and publishes it to visitor, session and operator', async () => {
    const { session, operator } = await h.visitorSession();
    const id = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: '  <b>Hi</b>\nsee https://x.y/a?b=1&c=2.  ' });
    assert.equal(typeof id, 'number');
    const expectedBody = '<p>&lt;b&gt;Hi&lt;/b&gt;<br/>see <a href="https://x.y/a?b=1&amp;c=2" target="_blank" rel="noreferrer noopener">https://x.y/a?b=1&amp;c=2</a>.</p>';
    for (const channel of [BusChannel.visitor(session.uuid), BusChannel.session(session.id), BusChannel.operator(operator.id)]) {
      const pushed = (await notificationsOn(h, channel)).find((m) => m.id === id) as ChatMessage | undefined;
      assert.ok(pushed, `published on ${channel}`);
      assert.equal(pushed.body, expectedBody);
      assert.deepEqual(pushed.author_id, [0, 'Visitor']);
    }
  });

  it('chat_post refuses empty and oversized content with clear errors', async () => {
    const { session } = await h.visitorSession();
    const empty = await h.rpc(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: '   \n ' });
    assert.equal(empty.body.error?.data.message, 'The message is empty');
    const long = await h.rpc(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'a'.repeat(4001) });
    assert.equal(long.body.error?.data.message, 'The message is too long: at most 4000 characters');
    assert.equal(typeof (await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'a'.repeat(4000) })), 'number');
  });

  it('chat_post sent again with the same post_key stores and announces the message once; another key is another message', async () => {
    const { session } = await h.visitorSession();
    const key = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
    const [first, again] = await Promise.all([
      h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Only once', post_key: key }),
      h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Only once', post_key: key }),
    ]);
    const later = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Only once', post_key: key });
    assert.equal(again, first);
    assert.equal(later, first);
    const other = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Only once', post_key: `${key}-2` });
    assert.notEqual(other, first);
    const bodies = (await h.call<ChatMessage[]>(CHAT_HISTORY_ROUTE, { uuid: session.uuid, limit: 10 })).map((m) => m.body);
    assert.deepEqual(bodies, ['<p>Only once</p>', '<p>Only once</p>']);
    const announced = (await notificationsOn(h, BusChannel.visitor(session.uuid))).filter((m) => m.id === first);
    assert.equal(announced.length, 1);
    assert.equal(announced[0]?.post_key, key, 'the announcement names the key, for the widget still waiting for its answer');
  });

  it('an operator answering fast writes its last-seen time once per 5 s, and still counts as online', async () => {
    const { session, channel, cookie } = await h.visitorSession();
    const store = h.app.store;
    const touch = store.touchOperator.bind(store);
    const writes: number[] = [];
    store.touchOperator = async (id: number, now: number) => {
      writes.push(now);
      return touch(id, now);
    };
    try {
      for (let i = 0; i < 10; i++) await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: `answer ${i}` }, { cookie });
      h.clock.advance(4_999);
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'still within 5 s' }, { cookie });
      assert.equal(writes.length, 0, 'the log-in wrote it moments ago');
      h.clock.advance(1);
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: '5 s later' }, { cookie });
      assert.deepEqual(writes, [h.clock.now()]);
      h.clock.advance(59_000);
      const init = await h.call<{ available_for_me: boolean }>(INIT_ROUTE, { channel_id: channel.id });
      assert.equal(init.available_for_me, true, 'seen 59 s ago: online');
    } finally {
      store.touchOperator = touch;
    }
  });

  it('chat_post refuses a malformed post_key with a clear error and stores nothing', async () => {
    const { session } = await h.visitorSession();
    for (const post_key of ['short', 'x'.repeat(65), 'has spaces in it, sixteen+', 42]) {
      const { body } = await h.rpc(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Hi', post_key });
      assert.equal(body.error?.data.message, 'post_key must be 16 to 64 letters, digits, - or _', String(post_key));
    }
    assert.deepEqual(await h.call(CHAT_HISTORY_ROUTE, { uuid: session.uuid }), []);
  });

  it('chat_post with the operator cookie is authored by the operator; a stranger operator cannot post', async () => {
    const { session, operator, cookie } = await h.visitorSession({ name: 'Olivia' });
    const id = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Hello, how can I help?' }, { cookie });
    const [latest] = await h.call<ChatMessage[]>(CHAT_HISTORY_ROUTE, { uuid: session.uuid, limit: 1 });
    assert.equal(latest?.id, id);
    assert.deepEqual(latest?.author_id, [operator.id, 'Olivia']);
    const stranger = await h.channelWithOperator();
    assert.equal(await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'intrusion' }, { cookie: stranger.cookie }), false);
  });

  it('chat_post answers false, the same way, for unknown, malformed and closed sessions', async () => {
    const { session, cookie } = await h.visitorSession();
    await h.call(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie });
    const answers = [];
    for (const uuid of [UNKNOWN_UUID, 'not-a-uuid', 42, session.uuid]) {
      const { body, id } = await h.rpc(CHAT_POST_ROUTE, { uuid, message_content: 'hello' });
      answers.push(JSON.stringify({ ...body, id: body.id === id ? 'same' : 'other' }));
    }
    assert.deepEqual(new Set(answers).size, 1, answers.join('\n'));
    assert.equal(JSON.parse(answers[0]!).result, false);
  });

  it('chat_history lists newest first with absolute avatar and attachment URLs, capped at 100', async () => {
    const { session, operator, cookie } = await h.visitorSession();
    const first = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'one' });
    h.clock.advance(1000);
    const second = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'two' }, { cookie });
    const att = await h.app.store.createAttachment({ name: 'report.pdf', mimetype: 'application/pdf', type: 'file', url: null, data: Buffer.from('%PDF'), file_size: 4, session_id: session.id, message_id: second }, h.clock.now());
    const history = await h.call<ChatMessage[]>(CHAT_HISTORY_ROUTE, { uuid: session.uuid, limit: 100 }, { headers: { host: '127.0.0.1:8069' } });
    assert.deepEqual(history.map((m) => m.id), [second, first]);
    assert.equal(history[1]!.author_avatar_url, 'http://127.0.0.1:8069/web/partner_image/0');
    assert.equal(history[0]!.author_avatar_url, `http://127.0.0.1:8069/web/partner_image/${operator.id}`);
    assert.match(history[1]!.date, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const [wireAtt] = history[0]!.attachment_ids;
    assert.deepEqual({ ...wireAtt, url: undefined }, { id: att.public_id, name: 'report.pdf', filename: 'report.pdf', mimetype: 'application/pdf', type: 'file', url: undefined, file_size: 4 });
    assert.ok(wireAtt!.url.startsWith(`http://127.0.0.1:8069/web/content/${att.public_id}?download=true`), wireAtt!.url);
    assert.equal(history[0]!.is_discussion, true);
    assert.deepEqual(history[0]!.channel_ids, [session.id]);
    for (let i = 0; i < 101; i += 1) await h.app.store.insertMessage({ session_id: session.id, body: `<p>${i}</p>`, author_operator_id: null }, h.clock.now());
    assert.equal((await h.call<ChatMessage[]>(CHAT_HISTORY_ROUTE, { uuid: session.uuid, limit: 1000 })).length, 100);
    assert.deepEqual(await h.call(CHAT_HISTORY_ROUTE, { uuid: UNKNOWN_UUID, limit: 10 }), []);
    assert.deepEqual(await h.call(CHAT_HISTORY_ROUTE, { uuid: { $ne: null }, limit: 10 }), []);
  });

  it('one visitor cannot read or write another visitor session through its own uuid', async () => {
    const a = await h.visitorSession();
    const b = await h.visitorSession();
    await h.call(CHAT_POST_ROUTE, { uuid: b.session.uuid, message_content: 'secret of B' });
    await h.call(CHAT_POST_ROUTE, { uuid: a.session.uuid, message_content: 'from A' });
    const seenByA = await h.call<ChatMessage[]>(CHAT_HISTORY_ROUTE, { uuid: a.session.uuid, limit: 100 });
    assert.deepEqual(seenByA.map((m) => m.body), ['<p>from A</p>']);
  });

  it('notify_typing publishes typing_status on the visitor channel and ignores unknown sessions quietly', async () => {
    const { session } = await h.visitorSession();
    const { body } = await h.rpc(NOTIFY_TYPING_ROUTE, { uuid: session.uuid, is_typing: true });
    assert.equal('result' in body, false);
    assert.deepEqual((await notificationsOn(h, BusChannel.visitor(session.uuid))).at(-1), { info: 'typing_status', partner_id: 0, is_typing: true, is_website_user: true });
    const unknown = await h.rpc(NOTIFY_TYPING_ROUTE, { uuid: UNKNOWN_UUID, is_typing: true });
    assert.equal(unknown.body.error, undefined);
    const bad = await h.rpc(NOTIFY_TYPING_ROUTE, { uuid: session.uuid, is_typing: 'yes' });
    assert.equal(bad.body.error?.data.exception_type, 'validation_error');
  });

  it('feedback accepts 5, 3 and 1 only, refuses a reason over 1,000 characters and keeps one rating per session', async () => {
    const { session } = await h.visitorSession();
    for (const rate of [10, 0, '5', 2]) {
      const { body } = await h.rpc(FEEDBACK_ROUTE, { uuid: session.uuid, rate, reason: 'x' });
      assert.equal(body.error?.data.message, 'rate must be 5, 3 or 1', `rate ${JSON.stringify(rate)}`);
    }
    const long = await h.rpc(FEEDBACK_ROUTE, { uuid: session.uuid, rate: 1, reason: 'r'.repeat(1001) });
    assert.equal(long.body.error?.data.message, 'reason must be at most 1000 characters');
    assert.equal(await h.app.store.getRating(session.id), undefined);
    const first = await h.call<number>(FEEDBACK_ROUTE, { uuid: session.uuid, rate: 1, reason: 'r'.repeat(1000) });
    assert.equal((await h.app.store.getRating(session.id))?.reason.length, 1000);
    const second = await h.call<number>(FEEDBACK_ROUTE, { uuid: session.uuid, rate: 5 });
    assert.equal(first, second);
    assert.equal((await h.app.store.getRating(session.id))?.rate, 5);
    assert.equal(await h.call(FEEDBACK_ROUTE, { uuid: UNKNOWN_UUID, rate: 3 }), false);
  });

  it('history stores the pages and sends them, escaped, to the operator only', async () => {
    const { session, operator } = await h.visitorSession();
    const pages = ['/', '/shop?q=<script>', 'https://shop.example/cart', ...Array.from({ length: 12 }, (_, i) => `/p${i}`)];
    const tooMany = await h.rpc(HISTORY_ROUTE, { pid: operator.id, channel_uuid: session.uuid, page_history: [...pages, '/sixteenth'] });
    assert.equal(tooMany.body.error?.data.exception_type, 'validation_error');
    assert.equal(await h.call(HISTORY_ROUTE, { pid: operator.id, channel_uuid: session.uuid, page_history: pages }), true);
    const stored = await h.app.store.getVisitorSession(session.id);
    assert.deepEqual(JSON.parse(stored!.page_history!), pages);
    const told = (await notificationsOn(h, BusChannel.operator(operator.id))).at(-1)!;
    assert.equal(told.info, 'transient_message');
    assert.deepEqual(told.channel_ids, [session.id]);
    // The operator hears of a session's page history at most once per 10 s.
    h.clock.advance(10_001);
    await h.call(HISTORY_ROUTE, { pid: operator.id, channel_uuid: session.uuid, page_history: ['/a?x=<script>'] });
    const escaped = (await notificationsOn(h, BusChannel.operator(operator.id))).at(-1)!;
    assert.ok(String(escaped.body).includes('/a?x=&lt;script&gt;'));
    assert.equal(await h.call(HISTORY_ROUTE, { pid: 1, channel_uuid: UNKNOWN_UUID, page_history: [] }), true);
    const bad = await h.rpc(HISTORY_ROUTE, { pid: 1, channel_uuid: session.uuid, page_history: [{ evil: 1 }] });
    assert.equal(bad.body.error?.data.exception_type, 'validation_error');
  });

  it('load_templates answers an empty list (the React widget has its own templates)', async () => {
    assert.deepEqual(await h.call(LOAD_TEMPLATES_ROUTE), []);
  });

  it('visitor routes answer CORS for any origin by default, without credentials, pre-flight included', async () => {
    const pre = await h.app.inject({ method: 'OPTIONS', url: CHAT_POST_ROUTE, headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' } });
    assert.equal(pre.statusCode, 204);
    assert.equal(pre.headers['access-control-allow-origin'], '*');
    assert.match(String(pre.headers['access-control-allow-headers']), /Content-Type/);
    assert.equal(pre.headers['access-control-max-age'], '86400');
    const post = await h.rpc(LOAD_TEMPLATES_ROUTE, undefined, { headers: { origin: 'https://shop.example' } });
    assert.equal(post.res.headers['access-control-allow-origin'], '*');
    assert.equal(post.res.headers['access-control-allow-credentials'], undefined);
  });

  it('operator routes carry no CORS headers', async () => {
    const res = await h.rpc(SESSION_INFO_ROUTE, {}, { headers: { origin: 'https://shop.example' } });
    assert.equal(res.res.headers['access-control-allow-origin'], undefined);
  });
});

describeEachEngine(
  'widget routes with ALLOWED_ORIGINS and tight rate limits',
  (h) => {
    it('only the listed origins get CORS; another origin is refused with a JSON-RPC error', async () => {
      const ok = await h.rpc(LOAD_TEMPLATES_ROUTE, undefined, { headers: { origin: 'https://shop.example' } });
      assert.equal(ok.res.headers['access-control-allow-origin'], 'https://shop.example');
      assert.match(String(ok.res.headers.vary), /Origin/);
      const evil = await h.rpc(LOAD_TEMPLATES_ROUTE, undefined, { headers: { origin: 'https://evil.example' } });
      assert.equal(evil.res.headers['access-control-allow-origin'], undefined);
      assert.equal(evil.body.error?.data.exception_type, 'access_error');
    });

    it('get_session is rate limited per IP with a JSON-RPC error, not a crash', async () => {
      const { channel } = await h.channelWithOperator();
      const params = { channel_id: channel.id, anonymous_name: 'V' };
      await h.call(GET_SESSION_ROUTE, params);
      await h.call(GET_SESSION_ROUTE, params);
      const third = await h.rpc(GET_SESSION_ROUTE, params);
      assert.equal(third.res.statusCode, 429);
      assert.equal(third.body.error?.message, 'Server Error');
      assert.match(third.body.error?.data.message ?? '', /Too many requests/);
      const otherIp = await h.app.inject({ method: 'POST', url: GET_SESSION_ROUTE, remoteAddress: '10.0.0.9', payload: { jsonrpc: '2.0', method: 'call', params, id: 1 } });
      assert.equal(otherIp.statusCode, 200);
    });
  },
  { ALLOWED_ORIGINS: 'https://shop.example, https://www.shop.example', RATE_LIMIT_GET_SESSION: '2' },
);
