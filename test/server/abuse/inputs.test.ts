/**
 * Issue 11, findings 2 to 9 and their class, tried as an outside attacker would: transcripts bounded,
 * one malformed request never fails another, URL patterns linear, hostile keys and types never an
 * internal error, no forged Host in other people's URLs, no visitor credential to operators, proxies.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { BusChannel } from '../../../src/protocol/livechat.js';
import { loadConfig } from '../../../src/server/core/config/config.js';
import { urlMatches } from '../../../src/server/domain/channels/rules.js';
import { BatchedLookup } from '../../../src/server/core/db/batched-lookup.js';
import { describeEachEngine, rootDir } from '../support/harness.js';
import { callFrom, notificationsOn, visitorCalls } from './support.js';
import { CLOSE_SESSION_ROUTE, CONVERSATION_ROUTE } from '../../../src/protocol/console/routes.js';
import {
  CALL_KW_ROUTE,
  CHAT_POST_ROUTE,
  EMAIL_TRANSCRIPT_ROUTE,
  GET_SESSION_ROUTE,
  HISTORY_ROUTE,
  INIT_ROUTE,
  NOTIFY_TYPING_ROUTE,
  POLL_ROUTE,
  SEARCH_READ_ROUTE,
  SESSION_INFO_ROUTE,
} from '../../../src/protocol/routes.js';

const HOSTILE_VALUES: unknown[] = [null, true, 1e308, -1, 'x'.repeat(20_000), '\u0000', 'a\u0001b', '\uD800', [], [[[]]], { __proto__: { admin: true } }, { constructor: 1 }];
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];

describeEachEngine('transcripts are bounded in time, size and count', (h) => {
  const outbox = () => path.join(h.database.env.DATA_DIR!, 'outbox');
  const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).filter((f) => f.endsWith('.eml')) : []);

  it('a conversation ended over an hour ago cannot be mailed', async () => {
    const { session, cookie } = await h.visitorSession();
    await h.call(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie });
    h.clock.advance(3600_000 + 1);
    const { body } = await h.rpc(EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email: 'late@example.org' });
    assert.equal(body.error?.data.message, 'This conversation does not exist');
  });

  it('only the newest 200 messages are mailed, saying so', async () => {
    const { session, operator } = await h.visitorSession();
    await h.app.store.insertMessage({ session_id: session.id, body: 'an answer', author_operator_id: operator.id }, h.clock.now() - 1);
    for (let i = 0; i < 230; i += 1) await h.app.store.insertMessage({ session_id: session.id, body: `message number ${i}`, author_operator_id: null }, h.clock.now() + i);
    const before = mails().length;
    await h.call(EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email: 'long@example.org' });
    const newest = mails().sort().slice(before).at(-1)!;
    const text = fs.readFileSync(path.join(outbox(), newest), 'utf8');
    assert.match(text, /Earlier messages are not included/);
    assert.match(text, /message number 229/);
    assert.doesNotMatch(text, /message number 29\b/);
  });

  it('two transcripts a day per conversation, five per recipient', async () => {
    const answered = async () => {
      const ctx = await h.visitorSession();
      await h.call(CHAT_POST_ROUTE, { session_id: ctx.session.id, message_content: 'an answer' }, { cookie: ctx.cookie });
      return ctx;
    };
    const { session } = await answered();
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) codes.push((await callFrom(h, `203.0.113.${50 + i}`, EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email: `r${i}@example.org` })).res.statusCode);
    assert.deepEqual(codes, [200, 200, 429]);
    const victim: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const other = await answered();
      victim.push((await callFrom(h, `203.0.113.${60 + i}`, EMAIL_TRANSCRIPT_ROUTE, { uuid: other.session.uuid, email: `Victim+${i}@Example.org` })).res.statusCode);
    }
    assert.deepEqual(victim, [200, 200, 200, 200, 200, 429]);
  });
});

describeEachEngine('one malformed request never fails another', (h) => {
  it('polls naming channels with NUL, lone surrogates or SQL run beside another visitor’s posts, which all succeed', async () => {
    const { session } = await h.visitorSession();
    const hostile = ['\u0000', `${session.uuid}\u0000`, '\uD800', "x' OR 1=1 --", 'livechat.session.1\u0000', 'a'.repeat(5000)];
    const attacks = Array.from({ length: 40 }, (_, i) => callFrom(h, `198.18.0.${i}`, POLL_ROUTE, { channels: hostile, last: 0 }));
    const posts = Array.from({ length: 20 }, (_, i) => callFrom(h, `198.19.0.${i}`, CHAT_POST_ROUTE, { uuid: session.uuid, message_content: `legit ${i}` }));
    const answers = await Promise.all([...attacks, ...posts]);
    for (const a of answers) assert.equal(a.body.error, undefined, JSON.stringify(a.body));
    assert.equal((await h.app.store.listMessages(session.id, 100)).length, 20);
  });

  it('text with control characters or lone surrogates is refused before it reaches the database', async () => {
    const { session } = await h.visitorSession();
    for (const content of ['a\u0000b', 'bell\u0007', '\uDC00alone']) {
      const { body } = await h.rpc(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: content });
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(content));
    }
    assert.equal((await h.app.store.listMessages(session.id, 10)).length, 0);
    assert.equal(typeof (await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'tabs\tand\nlines 😀' })), 'number');
  });
});

it('a batched lookup that fails asks each key alone, so only the bad key fails', async () => {
  const lookup = new BatchedLookup<string, { key: string }>({
    fetch: async (keys) => {
      if (keys.includes('bad')) throw new Error('invalid byte sequence');
      return keys.map((key) => ({ key }));
    },
    keyOf: (row) => row.key,
  });
  const results = await Promise.allSettled(['a', 'bad', 'b'].map((k) => lookup.get(k)));
  assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled']);
});

it('adversarial URL patterns cost linear time on 16 KB addresses (a backtracking engine takes minutes)', () => {
  const cases: [string, string][] = [
    ['^(a+)+$', `${'a'.repeat(16_384)}!`],
    ['.*/shop/.*/product/.*', `https://x.example/${'shop/'.repeat(3000)}`],
    ['(x+x+)+y', 'x'.repeat(16_384)],
  ];
  for (const [pattern, url] of cases) {
    const started = performance.now();
    urlMatches(pattern, url);
    // A generous ceiling that only a backtracking engine could pass (README "Security" gives the bench figure).
    assert.ok(performance.now() - started < 250, pattern);
  }
});

describeEachEngine('channel URL rules', (h) => {
  it('match the page the widget reports, not the Referer, and refuse patterns outside RE2 syntax', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    await h.app.store.updateChannel(channel.id, { rule_action: 'hide_button', rule_url_pattern: '/shop/' });
    const crossOrigin = { headers: { referer: 'https://customer.example/' } };
    const init = await h.call<{ rule: Record<string, unknown> }>(INIT_ROUTE, { channel_id: channel.id, page_url: 'https://customer.example/shop/shoes' }, crossOrigin);
    assert.equal(init.rule.action, 'hide_button');
    const elsewhere = await h.call<{ rule: Record<string, unknown> }>(INIT_ROUTE, { channel_id: channel.id, page_url: 'https://customer.example/blog' }, crossOrigin);
    assert.deepEqual(elsewhere.rule, {});
    const tooLong = await h.rpc(INIT_ROUTE, { channel_id: channel.id, page_url: `https://x.example/${'a'.repeat(2048)}` });
    assert.equal(tooLong.body.error?.data.exception_type, 'validation_error');
    const admin = await h.login('admin', 'admin-test-password');
    for (const pattern of ['(a)\\1', '(?=shop)', '(?<!x)y']) {
      const { body } = await h.rpc(CALL_KW_ROUTE, { model: 'im_livechat.channel', method: 'write', args: [[channel.id], { rule_url_pattern: pattern }], kwargs: { context: { lang: 'en_US' } } }, { cookie: admin });
      assert.match(body.error?.data.message ?? '', /RE2 syntax/, pattern);
    }
    void cookie;
  });
});

describeEachEngine('hostile keys and types never cause an internal error', (h) => {
  it('every visitor route, every hostile value in every parameter', async () => {
    const { session, channel, operator } = await h.visitorSession();
    // The offline form on, so hostile values reach past the channel check into the stored message.
    await h.app.store.updateChannel(channel.id, { offline_mode: 'message_form' });
    h.app.availability.forget();
    let n = 0;
    for (const [url, params] of visitorCalls(session.uuid, channel.id, operator.id)) {
      for (const key of [...Object.keys(params), ...HOSTILE_KEYS]) {
        for (const value of HOSTILE_VALUES) {
          const hostile = JSON.parse(JSON.stringify(params)) as Record<string, unknown>;
          Object.defineProperty(hostile, key, { value, enumerable: true, configurable: true, writable: true });
          const { res, body } = await callFrom(h, `100.64.${(n >> 8) & 255}.${n & 255}`, url, hostile);
          n += 1;
          assert.ok(res.statusCode < 500, `${url} ${key}=${JSON.stringify(value)?.slice(0, 40)}: HTTP ${res.statusCode}`);
          assert.notEqual(body.error?.data.exception_type, 'internal_error', `${url} ${key}: ${body.error?.data.message}`);
        }
      }
    }
  });

  it('operator dataset calls with prototype names and wrong domain types answer clear errors', async () => {
    const admin = await h.login('admin', 'admin-test-password');
    const calls: Record<string, unknown>[] = [
      { model: '__proto__', domain: [], fields: ['id'] },
      { model: 'constructor', domain: [], fields: ['id'] },
      { model: 'mail.channel', domain: [], fields: ['__proto__', 'constructor'] },
      { model: 'mail.channel', domain: [['id', '=', true]], fields: ['id'] },
      { model: 'mail.channel', domain: [['id', '<', false]], fields: ['id'] },
      { model: 'mail.channel', domain: [['id', '=', 'not a number']], fields: ['id'] },
      { model: 'mail.channel', domain: [['constructor', '=', 1]], fields: ['id'] },
      { model: 'mail.channel', domain: [], fields: ['id'], sort: 'constructor desc' },
      { model: 'mail.channel', domain: [['anonymous_name', 'ilike', 'a\u0000b']], fields: ['id'] },
      { model: 'mail.channel', domain: [['anonymous_name', 'in', ['\uD800']]], fields: ['id'] },
    ];
    for (const params of calls) {
      const { res, body } = await h.rpc(SEARCH_READ_ROUTE, params, { cookie: admin });
      assert.ok(res.statusCode < 500, JSON.stringify(params));
      assert.ok(body.error, JSON.stringify(params));
      assert.notEqual(body.error.data.exception_type, 'internal_error', `${JSON.stringify(params)}: ${body.error.data.message}`);
    }
  });

  it('a JSON-RPC route answers a JSON-RPC error to a body that is not JSON', async () => {
    for (const [type, payload] of [['text/plain', 'hello'], ['application/x-www-form-urlencoded', 'a=1'], ['application/json', '{"jsonrpc":']]) {
      const res = await h.app.inject({ method: 'POST', url: CHAT_POST_ROUTE, headers: { 'content-type': type }, payload });
      const body = res.json() as { jsonrpc?: string; error?: { data: { debug: string } } };
      assert.equal(body.jsonrpc, '2.0', type);
      assert.ok(body.error, type);
      assert.equal(body.error.data.debug, '', 'no stack');
    }
  });
});

it('details of internal errors reach clients only with NODE_ENV=development set by name', () => {
  assert.equal(loadConfig({}, rootDir).development, false);
  assert.equal(loadConfig({ NODE_ENV: 'production' }, rootDir).development, false);
  assert.equal(loadConfig({ NODE_ENV: 'test' }, rootDir).development, false);
  assert.equal(loadConfig({ NODE_ENV: 'development' }, rootDir).development, true);
});

describeEachEngine('a forged Host never reaches URLs other people receive', (h) => {
  it('an operator’s copy of a visitor message and web.base.url use the server’s own address', async () => {
    const { session, operator, cookie } = await h.visitorSession();
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'hi' }, { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
    const told = await notificationsOn(h, BusChannel.operator(operator.id));
    assert.ok(!JSON.stringify(told).includes('evil.example'));
    const info = await h.call<Record<string, unknown>>(SESSION_INFO_ROUTE, {}, { cookie, headers: { host: 'evil.example' } });
    assert.doesNotMatch(String(info['web.base.url']), /evil/);
  });

  it('a Host naming this server on another port (another service of the machine) is not used either', async () => {
    const { session, operator, cookie } = await h.visitorSession();
    const port = h.app.config.port;
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'hi' }, { headers: { host: 'localhost:6379' } });
    assert.ok(!JSON.stringify(await notificationsOn(h, BusChannel.operator(operator.id))).includes(':6379'));
    const base = async (host: string) => String((await h.call<Record<string, unknown>>(SESSION_INFO_ROUTE, {}, { cookie, headers: { host } }))['web.base.url']);
    assert.equal(await base('127.0.0.1:6379'), `http://localhost:${port}`);
    assert.equal(await base(`127.0.0.1:${port}`), `http://127.0.0.1:${port}`);
    assert.equal(await base('localhost'), 'http://localhost');
  });
});

describeEachEngine('operators never receive a visitor’s uuid', (h) => {
  it('operators post and type by session id, only in their own channels; no operator payload carries the uuid', async () => {
    const { session, operator, cookie } = await h.visitorSession();
    const stranger = await h.channelWithOperator();
    const id = await h.call<number>(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'from the operator' }, { cookie });
    assert.equal(typeof id, 'number');
    assert.equal(await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'not mine' }, { cookie: stranger.cookie }), false);
    await h.call(NOTIFY_TYPING_ROUTE, { session_id: session.id, is_typing: true }, { cookie });
    await h.call(HISTORY_ROUTE, { pid: operator.id, channel_uuid: session.uuid, page_history: ['/a'] });
    await h.call(CLOSE_SESSION_ROUTE, { session_id: session.id }, { cookie });
    const seen = [
      ...(await notificationsOn(h, BusChannel.operator(operator.id))),
      ...(await notificationsOn(h, BusChannel.session(session.id))),
      await h.call(CONVERSATION_ROUTE, { session_id: session.id }, { cookie }),
      await h.call(SEARCH_READ_ROUTE, { model: 'mail.channel', domain: [], fields: [] }, { cookie }),
    ];
    assert.ok(!JSON.stringify(seen).includes(session.uuid));
    const asked = await h.rpc(SEARCH_READ_ROUTE, { model: 'mail.channel', domain: [], fields: ['uuid'] }, { cookie });
    assert.ok(asked.body.error);
  });
});

describeEachEngine(
  'behind a trusted proxy each visitor keeps its own limit',
  (h) => {
    it('X-Forwarded-For from the trusted proxy names the client; from anyone else it is ignored', async () => {
      const { channel } = await h.channelWithOperator();
      const viaProxy = (client: string) => callFrom(h, '127.0.0.1', INIT_ROUTE, { channel_id: channel.id }, { 'x-forwarded-for': client });
      assert.equal((await viaProxy('192.0.2.1')).res.statusCode, 200);
      assert.equal((await viaProxy('192.0.2.1')).res.statusCode, 200);
      assert.equal((await viaProxy('192.0.2.1')).res.statusCode, 429);
      assert.equal((await viaProxy('192.0.2.2')).res.statusCode, 200, 'another visitor behind the same proxy');
      const direct = (forged: string) => callFrom(h, '198.51.100.9', INIT_ROUTE, { channel_id: channel.id }, { 'x-forwarded-for': forged });
      assert.equal((await direct('10.0.0.1')).res.statusCode, 200);
      assert.equal((await direct('10.0.0.2')).res.statusCode, 200);
      assert.equal((await direct('10.0.0.3')).res.statusCode, 429, 'a forged header does not buy a new allowance');
    });
  },
  { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_INIT: '2' },
);

it('TRUST_PROXY accepts false, true and address lists, and refuses hop counts and junk', () => {
  assert.equal(loadConfig({}, rootDir).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }, rootDir).trustProxy, true);
  assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,loopback' }, rootDir).trustProxy, ['127.0.0.1', '10.0.0.0/8', 'loopback']);
  assert.throws(() => loadConfig({ TRUST_PROXY: '2' }, rootDir), /TRUST_PROXY/);
  assert.throws(() => loadConfig({ TRUST_PROXY: 'evil; rm' }, rootDir), /TRUST_PROXY/);
});

describeEachEngine('a retried post is stored once even when another process answers it', (h) => {
  it('the post key is found in the database after the first process forgot it', async () => {
    const { session } = await h.visitorSession();
    const first = await h.call<number>(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'once', post_key: 'k'.repeat(20) });
    // A second app on the same database plays the other process: it has never seen the key.
    const other = await import('../../../src/server/app.js').then(({ buildApp }) => buildApp({ config: h.app.config, clock: h.clock }));
    await other.ready();
    try {
      const res = await other.inject({ method: 'POST', url: CHAT_POST_ROUTE, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ jsonrpc: '2.0', method: 'call', id: 2, params: { uuid: session.uuid, message_content: 'once', post_key: 'k'.repeat(20) } }) });
      assert.equal((res.json() as { result: number }).result, first);
    } finally {
      await other.close();
    }
    assert.equal((await h.app.store.listMessages(session.id, 10)).length, 1);
  });
});

it('demo pages are served with the security headers a real site sends', async () => {
  const { Harness } = await import('../support/harness.js');
  const h = new Harness('sqlite', { DEMO: '1' });
  await h.start();
  try {
    for (const page of ['/', '/csp.html', '/cross-origin.html']) {
      const res = await h.app.inject({ url: page });
      assert.equal(res.statusCode, 200, page);
      assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'self'/, page);
      assert.match(String(res.headers['content-security-policy']), /object-src 'none'/, page);
      assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN', page);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', page);
      assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin', page);
    }
  } finally {
    await h.stop();
  }
});

it('without DEMO=1 the server shows a short home page and no demo harness', async () => {
  const { Harness } = await import('../support/harness.js');
  const h = new Harness('sqlite');
  await h.start();
  try {
    const home = await h.app.inject({ url: '/' });
    assert.equal(home.statusCode, 200);
    assert.match(home.body, /<h1>Live chat server<\/h1>/);
    assert.match(String(home.headers['content-security-policy']), /default-src 'none'/);
    for (const page of ['/csp.html', '/cross-origin.html', '/demo.css']) assert.equal((await h.app.inject({ url: page })).statusCode, 404, page);
  } finally {
    await h.stop();
  }
});

describeEachEngine('oversized visitor names are refused, not cut', (h) => {
  it('a 101-character name gets a validation error and opens no conversation', async () => {
    const { channel, operator } = await h.channelWithOperator();
    const before = (await h.app.store.listVisitorSessions({ operatorId: operator.id })).length;
    const { body } = await h.rpc(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'n'.repeat(101) });
    assert.equal(body.error?.data.exception_type, 'validation_error');
    assert.equal((await h.app.store.listVisitorSessions({ operatorId: operator.id })).length, before);
    const ok = await h.call<{ id: number }>(GET_SESSION_ROUTE, { channel_id: channel.id, anonymous_name: 'n'.repeat(100) });
    assert.equal(typeof ok.id, 'number');
  });
});
