/**
 * Issue 14 "Knowing who is asking", server side: the channel's identity secret (generated, shown once,
 * rotated, never read back), verified and unverified visitors, their context, the visitor card, and
 * hostile input on every route this adds or touches.
 */
import { it, mock } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { IDENTITY_REJECTED, type EarlierConversation, type VisitorCard } from '../../../../src/protocol/visitor.js';
import type { IdentitySecretGenerated } from '../../../../src/protocol/operator-console.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { callFrom, notificationsOn } from '../../abuse/support.js';
import {
  CHANNELS_ROUTE,
  CLOSE_SESSION_ROUTE,
  GENERATE_IDENTITY_SECRET_ROUTE,
  IDENTITY_SECRETS_ROUTE,
  REMOVE_IDENTITY_SECRET_ROUTE,
  UPDATE_CHANNEL_ROUTE,
  VISITOR_CARD_ROUTE,
} from '../../../../src/protocol/console/routes.js';
import {
  CHAT_HISTORY_ROUTE,
  CHAT_POST_ROUTE,
  EARLIER_CONVERSATIONS_ROUTE,
  GET_SESSION_ROUTE,
  INIT_ROUTE,
  SEARCH_READ_ROUTE,
  VISITOR_UPDATE_ROUTE,
} from '../../../../src/protocol/routes.js';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** What a host's server computes: hex HMAC-SHA256 of the id keyed by the secret (the README's example). */
const hashFor = (secret: string, id: string) => crypto.createHmac('sha256', secret).update(id).digest('hex');

async function channelWithSecret(h: Harness) {
  const ctx = await h.channelWithOperator();
  const admin = await h.login('admin', ADMIN_PASSWORD);
  const generated = await h.call<IdentitySecretGenerated>(GENERATE_IDENTITY_SECRET_ROUTE, { channel_id: ctx.channel.id }, { cookie: admin });
  return { ...ctx, admin, secret: generated.secret };
}

let visitorAddresses = 0;

/** A visitor's get_session, each from an address of its own (the route allows 20 a minute per address). */
function getSession(h: Harness, channelId: number, extra: Record<string, unknown>, headers: Record<string, string> = {}) {
  visitorAddresses += 1;
  const address = `10.${(visitorAddresses >> 16) & 255}.${(visitorAddresses >> 8) & 255}.${visitorAddresses & 255}`;
  return callFrom(h, address, GET_SESSION_ROUTE, { channel_id: channelId, anonymous_name: 'Visitor', previous_operator_id: null, ...extra }, headers);
}

async function cardOf(h: Harness, sessionId: number, cookie: string): Promise<VisitorCard> {
  return h.call<VisitorCard>(VISITOR_CARD_ROUTE, { session_id: sessionId }, { cookie });
}

// Admins may rotate a few times a minute; these suites call the secret routes more often than that.
const MANY_SECRETS = { RATE_LIMIT_IDENTITY_SECRET: '1000' };

describeEachEngine('identity secret in the channel settings', (h) => {
  it('an admin generates a secret shown once: never in the channel settings, the dataset or the status list', async () => {
    const { channel } = await h.channelWithOperator();
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const { body, res } = await h.rpc(GENERATE_IDENTITY_SECRET_ROUTE, { channel_id: channel.id }, { cookie: admin });
    const generated = body.result as IdentitySecretGenerated;
    assert.match(generated.secret, /^[0-9a-f]{64}$/);
    assert.equal(res.headers['cache-control'], 'no-store');
    const readBack = [
      await h.call(CHANNELS_ROUTE, {}, { cookie: admin }),
      await h.call(IDENTITY_SECRETS_ROUTE, {}, { cookie: admin }),
      await h.call(SEARCH_READ_ROUTE, { model: 'im_livechat.channel', domain: [], fields: [], limit: 100 }, { cookie: admin }),
    ];
    for (const answer of readBack) assert.ok(!JSON.stringify(answer).includes(generated.secret), 'the secret is never read back');
    const statuses = await h.call<{ channel_id: number; created_at: number }[]>(IDENTITY_SECRETS_ROUTE, {}, { cookie: admin });
    assert.deepEqual(statuses.find((s) => s.channel_id === channel.id), { channel_id: channel.id, created_at: h.clock.now() });
  });

  it('an operator who is not an admin can neither generate nor list secrets', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    for (const route of [GENERATE_IDENTITY_SECRET_ROUTE, IDENTITY_SECRETS_ROUTE, REMOVE_IDENTITY_SECRET_ROUTE]) {
      const { body } = await h.rpc(route, { channel_id: channel.id }, { cookie });
      assert.equal(body.error?.data.exception_type, 'access_error', route);
    }
    const anonymous = await h.rpc(GENERATE_IDENTITY_SECRET_ROUTE, { channel_id: channel.id });
    assert.equal(anonymous.body.error?.code, 100);
  });

  it('refuses unknown channels and wrong types', async () => {
    const admin = await h.login('admin', ADMIN_PASSWORD);
    for (const channel_id of [987654, 'one', -1, null, { __proto__: 1 }, 'x'.repeat(10_000)]) {
      const { body } = await h.rpc(GENERATE_IDENTITY_SECRET_ROUTE, { channel_id }, { cookie: admin });
      assert.ok(['missing_error', 'validation_error'].includes(body.error?.data.exception_type ?? ''), JSON.stringify(channel_id));
    }
  });

  it('rotating replaces the secret at once: hashes made with the old one are refused', async () => {
    const { channel, admin, secret } = await channelWithSecret(h);
    assert.equal((await getSession(h, channel.id, { visitor_id: 'u-1', visitor_hash: hashFor(secret, 'u-1') })).body.error, undefined);
    const rotated = await h.call<IdentitySecretGenerated>(GENERATE_IDENTITY_SECRET_ROUTE, { channel_id: channel.id }, { cookie: admin });
    assert.notEqual(rotated.secret, secret);
    const old = await getSession(h, channel.id, { visitor_id: 'u-1', visitor_hash: hashFor(secret, 'u-1') });
    assert.equal(old.body.error?.data.name, IDENTITY_REJECTED);
    assert.equal((await getSession(h, channel.id, { visitor_id: 'u-1', visitor_hash: hashFor(rotated.secret, 'u-1') })).body.error, undefined);
    await h.call(REMOVE_IDENTITY_SECRET_ROUTE, { channel_id: channel.id }, { cookie: admin });
    const removed = await getSession(h, channel.id, { visitor_id: 'u-1', visitor_hash: hashFor(rotated.secret, 'u-1') });
    assert.equal(removed.body.error?.data.name, IDENTITY_REJECTED);
  });
}, MANY_SECRETS);

describeEachEngine('verified visitors', (h) => {
  it('a right hash verifies the visitor; a second device finds the same open conversation', async () => {
    const { channel, secret, cookie } = await channelWithSecret(h);
    const first = await getSession(h, channel.id, { visitor_id: 'customer-42', visitor_hash: hashFor(secret, 'customer-42'), visitor_name: 'Ada', visitor_email: 'ada@example.org' });
    const session = first.body.result as { id: number; uuid: string; identity: string; visitor_id: string; resumed?: boolean };
    assert.equal(session.identity, 'verified');
    assert.equal(session.visitor_id, 'customer-42');
    assert.equal(session.resumed, undefined);
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Where is my order?' });
    // Another browser: no cookie, the same identity (upper-case hex is the same hash).
    const second = (await getSession(h, channel.id, { visitor_id: 'customer-42', visitor_hash: hashFor(secret, 'customer-42').toUpperCase() })).body.result as typeof session;
    assert.equal(second.uuid, session.uuid);
    assert.equal(second.resumed, true);
    const history = await h.call<{ body: string }[]>(CHAT_HISTORY_ROUTE, { uuid: second.uuid, limit: 10 });
    assert.match(history[0]!.body, /Where is my order\?/);
    const card = await cardOf(h, session.id, cookie);
    assert.equal(card.identity, 'verified');
    assert.equal(card.visitor_id, 'customer-42');
    assert.equal(card.email, 'ada@example.org');
  });

  it('resumes even while nobody is online, and tells the console the card changed', async () => {
    const { channel, secret } = await channelWithSecret(h);
    const id = 'offline-resume';
    const first = (await getSession(h, channel.id, { visitor_id: id, visitor_hash: hashFor(secret, id) })).body.result as { id: number; uuid: string };
    h.clock.advance(120_000);
    const again = (await getSession(h, channel.id, { visitor_id: id, visitor_hash: hashFor(secret, id), context: { plan: 'Pro' } })).body.result as { uuid: string };
    assert.equal(again.uuid, first.uuid);
    const told = await notificationsOn(h, BusChannel.session(first.id));
    assert.equal(told.at(-1)?.info, 'visitor_updated');
    assert.ok(!JSON.stringify(told).includes(first.uuid), 'no uuid reaches the operator');
  });

  it('refuses a wrong hash, a hash for another id, an id without hash and a channel without secret, with identity_rejected', async () => {
    const { channel, secret } = await channelWithSecret(h);
    const plain = await h.channelWithOperator();
    const cases: [number, Record<string, unknown>][] = [
      [channel.id, { visitor_id: 'alice', visitor_hash: hashFor(secret, 'bob') }],
      [channel.id, { visitor_id: 'alice', visitor_hash: hashFor('another secret', 'alice') }],
      [channel.id, { visitor_id: 'alice', visitor_hash: '0'.repeat(64) }],
      [channel.id, { visitor_id: 'alice', visitor_hash: hashFor(secret, 'alice').slice(0, 63) }],
      [channel.id, { visitor_id: 'alice', visitor_hash: `${hashFor(secret, 'alice')}00` }],
      [channel.id, { visitor_id: 'alice', visitor_hash: 'g'.repeat(64) }],
      [channel.id, { visitor_id: 'alice' }],
      [channel.id, { visitor_hash: hashFor(secret, 'alice') }],
      [channel.id, { visitor_id: 'alice ', visitor_hash: hashFor(secret, 'alice') }],
      [plain.channel.id, { visitor_id: 'alice', visitor_hash: hashFor(secret, 'alice') }],
    ];
    for (const [channelId, params] of cases) {
      const { body } = await getSession(h, channelId, params);
      assert.equal(body.error?.data.name, IDENTITY_REJECTED, JSON.stringify(params));
      assert.equal(body.error?.data.exception_type, 'access_error');
    }
    const after = await h.app.store.listVisitorSessions({ limit: 1000 });
    assert.ok(!after.some((s) => s.visitor_id === 'alice'), 'no refused identity was stored');
  });

  it('compares every hash of the right shape in constant time', async () => {
    const { channel, secret } = await channelWithSecret(h);
    const watch = mock.method(crypto, 'timingSafeEqual');
    try {
      await getSession(h, channel.id, { visitor_id: 'ct', visitor_hash: hashFor(secret, 'ct') });
      await getSession(h, channel.id, { visitor_id: 'ct', visitor_hash: hashFor(secret, 'other') });
      assert.equal(watch.mock.callCount(), 2);
      for (const call of watch.mock.calls) assert.equal((call.arguments[0] as Buffer).length, 32);
    } finally {
      watch.mock.restore();
    }
  });

  it('a verified visitor reads its earlier conversations; nobody else does', async () => {
    const { channel, secret, cookie } = await channelWithSecret(h);
    const hash = hashFor(secret, 'returning');
    const first = (await getSession(h, channel.id, { visitor_id: 'returning', visitor_hash: hash })).body.result as { id: number; uuid: string };
    await h.call(CHAT_POST_ROUTE, { uuid: first.uuid, message_content: 'first visit' });
    await h.call(CLOSE_SESSION_ROUTE, { session_id: first.id }, { cookie });
    const second = (await getSession(h, channel.id, { visitor_id: 'returning', visitor_hash: hash })).body.result as { id: number; uuid: string };
    assert.notEqual(second.uuid, first.uuid, 'a closed conversation is not resumed');
    const earlier = await h.call<EarlierConversation[]>(EARLIER_CONVERSATIONS_ROUTE, { uuid: second.uuid });
    assert.deepEqual(earlier.map((c) => c.id), [first.id]);
    assert.match(earlier[0]!.messages[0]!.body, /first visit/);
    assert.ok(!JSON.stringify(earlier).includes(first.uuid), 'an earlier conversation is read, never handed over');
    const stranger = (await getSession(h, channel.id, { visitor_id: 'stranger', visitor_hash: hashFor(secret, 'stranger') })).body.result as { uuid: string };
    assert.deepEqual(await h.call(EARLIER_CONVERSATIONS_ROUTE, { uuid: stranger.uuid }), []);
    const anonymous = (await getSession(h, channel.id, {})).body.result as { uuid: string };
    assert.deepEqual(await h.call(EARLIER_CONVERSATIONS_ROUTE, { uuid: anonymous.uuid }), []);
    for (const uuid of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', 42, null, ['x']]) {
      assert.deepEqual(await h.call(EARLIER_CONVERSATIONS_ROUTE, { uuid }), []);
    }
    assert.equal((await cardOf(h, second.id, cookie)).earlier_conversations, 1);
  });
}, MANY_SECRETS);

describeEachEngine('unverified visitors, context and the visitor card', (h) => {
  it('a name and an e-mail address make an unverified visitor; the card shows them with the browser and the rest', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    const { body } = await getSession(
      h,
      channel.id,
      { visitor_name: 'Grace', visitor_email: 'grace@example.org', context: { plan: 'Pro', order: 'A-1001' }, time_zone: 'Asia/Tokyo', language: 'fr_be', page_history: ['/pricing', 'https://shop.example/cart'] },
      { 'user-agent': FIREFOX_ON_WINDOWS },
    );
    const session = body.result as { id: number; identity: string; name: string };
    assert.equal(session.identity, 'unverified');
    assert.match(session.name, /^Grace /);
    const card = await cardOf(h, session.id, cookie);
    assert.deepEqual(card, {
      session_id: session.id,
      name: 'Grace',
      name_verified: false,
      email: 'grace@example.org',
      email_verified: false,
      identity: 'unverified',
      visitor_id: null,
      context: [['plan', 'Pro'], ['order', 'A-1001']],
      pages: ['/pricing', 'https://shop.example/cart'],
      browser: { name: 'Firefox', version: '128.0' },
      os: { name: 'Windows', version: '10' },
      language: 'fr-BE',
      time_zone: 'Asia/Tokyo',
      earlier_conversations: 0,
    });
    await getSession(h, channel.id, { visitor_email: 'grace@example.org' });
    const later = await h.app.store.listVisitorSessions({ limit: 1 });
    assert.equal((await cardOf(h, later[0]!.id, cookie)).earlier_conversations, 1, 'recognised by the same e-mail address');
  });

  it('an anonymous visitor: language from Accept-Language, no earlier count', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    const session = (await getSession(h, channel.id, {}, { 'accept-language': 'de-CH,de;q=0.9' })).body.result as { id: number; identity: string };
    assert.equal(session.identity, 'anonymous');
    const card = await cardOf(h, session.id, cookie);
    assert.equal(card.language, 'de-CH');
    assert.equal(card.earlier_conversations, null);
    assert.match(card.name, /^Visitor \d{4}$/);
  });

  it('refuses oversized, mistyped, control-character and prototype-key visitor fields, storing nothing', async () => {
    const { channel } = await h.channelWithOperator();
    const twentyOne = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    const protoKey = JSON.parse('{"__proto__": "x"}') as Record<string, unknown>;
    const hostile: Record<string, unknown>[] = [
      { context: twentyOne },
      { context: { plan: 'x'.repeat(201) } },
      { context: { ['k'.repeat(201)]: 'v' } },
      { context: { plan: 7 } },
      { context: { plan: ['Pro'] } },
      { context: { plan: 'Pro\u0000' } },
      { context: { 'a\u0007': 'Pro' } },
      { context: { plan: '\uD800' } },
      { context: protoKey },
      { context: { constructor: 'x' } },
      { context: { prototype: 'x' } },
      { context: { '': 'x' } },
      { context: ['plan', 'Pro'] },
      { context: 'plan=Pro' },
      { visitor_name: 'x'.repeat(101) },
      { visitor_name: 'Bell\u0007' },
      { visitor_name: 12 },
      { visitor_email: 'not an address' },
      { visitor_email: `${'a'.repeat(250)}@example.org` },
      { visitor_email: 'a@example.org\r\nBcc: x@example.org' },
      { visitor_id: 'x'.repeat(201), visitor_hash: '0'.repeat(64) },
      { visitor_id: 'a\u0000b', visitor_hash: '0'.repeat(64) },
      { visitor_id: 42, visitor_hash: '0'.repeat(64) },
      { visitor_id: 'a', visitor_hash: 42 },
      { visitor_id: 'a', visitor_hash: 'f'.repeat(129) },
      { time_zone: 'Mars/Olympus_Mons' },
      { time_zone: 'x'.repeat(65) },
      { language: '<script>' },
      { language: 'x'.repeat(36) },
      { page_history: Array.from({ length: 16 }, () => '/a') },
      { page_history: ['javascript:alert(1)'] },
    ];
    const before = (await h.app.store.listVisitorSessions({ limit: 1000 })).length;
    for (const extra of hostile) {
      const { body, res } = await getSession(h, channel.id, extra);
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(extra).slice(0, 80));
      // A "__proto__" key is refused by the JSON body parser itself (400), in the same envelope.
      assert.ok(res.statusCode === 200 || res.statusCode === 400, String(res.statusCode));
    }
    assert.equal((await h.app.store.listVisitorSessions({ limit: 1000 })).length, before);
    const twenty = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'.repeat(200)]));
    assert.equal((await getSession(h, channel.id, { context: twenty })).body.error, undefined, 'exactly at the bounds is accepted');
  });

  it('the card belongs to the conversation’s operator and admins only', async () => {
    const mine = await h.visitorSession();
    const other = await h.channelWithOperator();
    for (const session_id of [mine.session.id, 987654, 'x', -1, null]) {
      const { body } = await h.rpc(VISITOR_CARD_ROUTE, { session_id }, { cookie: other.cookie });
      assert.ok(['missing_error', 'validation_error'].includes(body.error?.data.exception_type ?? ''), String(session_id));
    }
    const visitor = await h.rpc(VISITOR_CARD_ROUTE, { session_id: mine.session.id });
    assert.equal(visitor.body.error?.code, 100, 'a visitor without an operator session gets nothing');
    const admin = await h.login('admin', ADMIN_PASSWORD);
    assert.equal((await cardOf(h, mine.session.id, admin)).session_id, mine.session.id);
  });
});

describeEachEngine('visitor_update', (h) => {
  it('changes the context and name of the visitor’s own open conversation and tells the consoles showing it', async () => {
    const { channel, cookie } = await h.channelWithOperator();
    const session = (await getSession(h, channel.id, { context: { plan: 'Free' } })).body.result as { id: number; uuid: string };
    const answer = await h.call(VISITOR_UPDATE_ROUTE, { uuid: session.uuid, visitor_name: 'Linus', context: { plan: 'Pro' } });
    assert.deepEqual(answer, { identity: 'unverified' });
    const card = await cardOf(h, session.id, cookie);
    assert.equal(card.name, 'Linus');
    assert.deepEqual(card.context, [['plan', 'Pro']]);
    const told = await notificationsOn(h, BusChannel.session(session.id));
    assert.deepEqual(told.at(-1), { info: 'visitor_updated', session_id: session.id, name: 'Linus' });
    await h.call(VISITOR_UPDATE_ROUTE, { uuid: session.uuid, context: null });
    assert.deepEqual((await cardOf(h, session.id, cookie)).context, []);
  });

  it('verifies an identity given during the conversation, refuses another visitor’s and a wrong hash', async () => {
    const { channel, secret, cookie } = await channelWithSecret(h);
    const session = (await getSession(h, channel.id, {})).body.result as { id: number; uuid: string };
    const verified = await h.call(VISITOR_UPDATE_ROUTE, { uuid: session.uuid, visitor_id: 'late-login', visitor_hash: hashFor(secret, 'late-login') });
    assert.deepEqual(verified, { identity: 'verified', visitor_id: 'late-login' });
    const conflict = await h.rpc(VISITOR_UPDATE_ROUTE, { uuid: session.uuid, visitor_id: 'someone-else', visitor_hash: hashFor(secret, 'someone-else') });
    assert.equal(conflict.body.error?.data.name, 'livechat.IdentityConflict');
    const wrong = await h.rpc(VISITOR_UPDATE_ROUTE, { uuid: session.uuid, visitor_id: 'late-login', visitor_hash: hashFor(secret, 'nope') });
    assert.equal(wrong.body.error?.data.name, IDENTITY_REJECTED);
    assert.equal((await cardOf(h, session.id, cookie)).visitor_id, 'late-login');
  });

  it('another visitor’s ids change nothing: unknown, malformed and closed sessions answer false', async () => {
    const victim = await h.visitorSession();
    const before = await cardOf(h, victim.session.id, victim.cookie);
    const byId = await h.rpc(VISITOR_UPDATE_ROUTE, { session_id: victim.session.id, visitor_name: 'Mallory' });
    assert.equal(byId.body.error?.data.exception_type, 'validation_error', 'a visitor names a conversation by its uuid only');
    for (const params of [
      { uuid: '00000000-0000-4000-8000-000000000000', visitor_name: 'Mallory' },
      { uuid: victim.session.uuid.toUpperCase(), visitor_name: 'Mallory' },
      { uuid: String(victim.session.id), visitor_name: 'Mallory' },
    ]) {
      assert.equal(await h.call(VISITOR_UPDATE_ROUTE, params), false, JSON.stringify(params));
    }
    assert.deepEqual(await cardOf(h, victim.session.id, victim.cookie), before);
    await h.call(CLOSE_SESSION_ROUTE, { session_id: victim.session.id }, { cookie: victim.cookie });
    assert.equal(await h.call(VISITOR_UPDATE_ROUTE, { uuid: victim.session.uuid, visitor_name: 'Mallory' }), false);
  });

  it('ten updates a minute per conversation, whatever the addresses', async () => {
    const { session } = await h.visitorSession();
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) codes.push((await callFrom(h, `203.0.113.${100 + i}`, VISITOR_UPDATE_ROUTE, { uuid: session.uuid, context: { n: String(i) } })).res.statusCode);
    assert.deepEqual(codes, [...Array(10).fill(200), 429]);
  });
}, MANY_SECRETS);

describeEachEngine('pre-chat form setting', (h) => {
  it('an admin turns it on; init then tells the widget, and an unknown value is refused', async () => {
    const { channel } = await h.channelWithOperator();
    const admin = await h.login('admin', ADMIN_PASSWORD);
    const init = () => h.call<{ options: Record<string, unknown> }>(INIT_ROUTE, { channel_id: channel.id });
    assert.equal((await init()).options.prechat_form, undefined, 'off by default: init answers as before');
    const saved = await h.call<{ prechat_form: string }>(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { prechat_form: 'name_email' } }, { cookie: admin });
    assert.equal(saved.prechat_form, 'name_email');
    assert.equal((await init()).options.prechat_form, 'name_email');
    for (const value of ['email', '', null, 1, ['name'], { __proto__: 'name' }]) {
      const { body } = await h.rpc(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { prechat_form: value } }, { cookie: admin });
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(value));
    }
  });
});

describeEachEngine(
  'per-address limits of the identity routes',
  (h) => {
    it('each new route refuses the third call a minute from one address', async () => {
      const { session, channel, cookie } = await h.visitorSession();
      const admin = await h.login('admin', ADMIN_PASSWORD);
      const calls: [string, Record<string, unknown>, string?][] = [
        [VISITOR_UPDATE_ROUTE, { uuid: session.uuid, context: { a: 'b' } }],
        [EARLIER_CONVERSATIONS_ROUTE, { uuid: session.uuid }],
        [VISITOR_CARD_ROUTE, { session_id: session.id }, cookie],
        [IDENTITY_SECRETS_ROUTE, {}, admin],
      ];
      for (const [url, params, operatorCookie] of calls) {
        const codes: number[] = [];
        for (let i = 0; i < 3; i += 1) codes.push((await h.rpc(url, params, operatorCookie ? { cookie: operatorCookie } : {})).res.statusCode);
        assert.deepEqual(codes, [200, 200, 429], url);
      }
      void channel;
    });
  },
  { RATE_LIMIT_VISITOR_UPDATE: '2', RATE_LIMIT_EARLIER_CONVERSATIONS: '2', RATE_LIMIT_VISITOR_CARD: '2', RATE_LIMIT_IDENTITY_SECRET: '2' },
);
