/**
 * Signed visitor tokens, and what "verified" covers: a hash proves the id alone, so the name and e-mail
 * address sent beside it are the visitor's own word; a token proves the claims it carries, for at most a
 * day, and nothing the widget sends afterwards changes them.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { IDENTITY_REJECTED, type VisitorCard } from '../../../../src/protocol/visitor.js';
import type { IdentitySecretGenerated } from '../../../../src/protocol/operator-console.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { callFrom } from '../../abuse/support.js';
import { GENERATE_IDENTITY_SECRET_ROUTE, VISITOR_CARD_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE, VISITOR_UPDATE_ROUTE } from '../../../../src/protocol/routes.js';

const HOUR_S = 3600;
const hashFor = (secret: string, id: string) => crypto.createHmac('sha256', secret).update(id).digest('hex');

/** What a host's server signs (the README's example), its clock the server's: `exp` in seconds. */
function tokenFor(h: Harness, secret: string, claims: Record<string, unknown>, options: { expiresIn?: number | null; alg?: string } = {}): Promise<string> {
  const { expiresIn = HOUR_S, alg = 'HS256' } = options;
  const jwt = new SignJWT(claims).setProtectedHeader({ alg });
  if (expiresIn !== null) jwt.setExpirationTime(Math.floor(h.clock.now() / 1000) + expiresIn);
  return jwt.sign(new TextEncoder().encode(secret));
}

async function channelWithSecret(h: Harness) {
  const ctx = await h.channelWithOperator();
  const admin = await h.login('admin', ADMIN_PASSWORD);
  const generated = await h.call<IdentitySecretGenerated>(GENERATE_IDENTITY_SECRET_ROUTE, { channel_id: ctx.channel.id }, { cookie: admin });
  return { ...ctx, admin, secret: generated.secret };
}

let addresses = 0;
function getSession(h: Harness, channelId: number, extra: Record<string, unknown>) {
  addresses += 1;
  return callFrom(h, `10.9.${(addresses >> 8) & 255}.${addresses & 255}`, GET_SESSION_ROUTE, { channel_id: channelId, anonymous_name: 'Visitor', previous_operator_id: null, ...extra });
}

const cardOf = (h: Harness, sessionId: number, cookie: string) => h.call<VisitorCard>(VISITOR_CARD_ROUTE, { session_id: sessionId }, { cookie });
type Opened = { id: number; uuid: string; identity: string; visitor_id?: string; resumed?: true };

const MANY_SECRETS = { RATE_LIMIT_IDENTITY_SECRET: '1000' };

describeEachEngine('what a visitor hash verifies', (h) => {
  it('the id only: the name and address sent beside it are shown as the visitor’s own word', async () => {
    const { channel, secret, cookie } = await channelWithSecret(h);
    const opened = (await getSession(h, channel.id, { visitor_id: 'u-7', visitor_hash: hashFor(secret, 'u-7'), visitor_name: 'The CEO', visitor_email: 'ceo@bigcorp.test' })).body.result as Opened;
    const card = await cardOf(h, opened.id, cookie);
    assert.equal(card.identity, 'verified');
    assert.equal(card.visitor_id, 'u-7');
    assert.deepEqual([card.name, card.name_verified, card.email, card.email_verified], ['The CEO', false, 'ceo@bigcorp.test', false]);
    await h.call(VISITOR_UPDATE_ROUTE, { uuid: opened.uuid, visitor_email: 'other@bigcorp.test' });
    const updated = await cardOf(h, opened.id, cookie);
    assert.deepEqual([updated.email, updated.email_verified], ['other@bigcorp.test', false]);
  });
}, MANY_SECRETS);

describeEachEngine('signed visitor tokens', (h) => {
  it('a valid token verifies its sub, name and e-mail address; its claims win over the widget’s', async () => {
    const { channel, secret, cookie } = await channelWithSecret(h);
    const token = await tokenFor(h, secret, { sub: 'customer-9', name: 'Ada Lovelace', email: 'ada@example.org' });
    const { body } = await getSession(h, channel.id, { visitor_token: token, visitor_name: 'Someone', visitor_email: 'someone@example.org' });
    const opened = body.result as Opened;
    assert.deepEqual([opened.identity, opened.visitor_id], ['verified', 'customer-9']);
    const card = await cardOf(h, opened.id, cookie);
    assert.deepEqual([card.name, card.name_verified, card.email, card.email_verified, card.visitor_id], ['Ada Lovelace', true, 'ada@example.org', true, 'customer-9']);
  });

  it('a token without a name verifies the id and address; the widget’s name stays unverified', async () => {
    const { channel, secret, cookie } = await channelWithSecret(h);
    const token = await tokenFor(h, secret, { sub: 'customer-10', email: 'bob@example.org' }, { expiresIn: 24 * HOUR_S });
    const opened = (await getSession(h, channel.id, { visitor_token: token, visitor_name: 'Bob' })).body.result as Opened;
    const card = await cardOf(h, opened.id, cookie);
    assert.deepEqual([card.name, card.name_verified, card.email, card.email_verified], ['Bob', false, 'bob@example.org', true]);
  });

  it('visitor_update cannot change a verified name or address, nor can a hash on another device', async () => {
    const { channel, secret, cookie } = await channelWithSecret(h);
    const token = await tokenFor(h, secret, { sub: 'u-1', name: 'Ada', email: 'ada@example.org' });
    const opened = (await getSession(h, channel.id, { visitor_token: token })).body.result as Opened;
    await h.call(VISITOR_UPDATE_ROUTE, { uuid: opened.uuid, visitor_name: 'The CEO', visitor_email: 'ceo@bigcorp.test' });
    await h.call(VISITOR_UPDATE_ROUTE, { uuid: opened.uuid, visitor_email: null });
    const resumed = (await getSession(h, channel.id, { visitor_id: 'u-1', visitor_hash: hashFor(secret, 'u-1'), visitor_name: 'The CEO', visitor_email: 'ceo@bigcorp.test' })).body.result as Opened;
    assert.equal(resumed.uuid, opened.uuid);
    const card = await cardOf(h, opened.id, cookie);
    assert.deepEqual([card.name, card.name_verified, card.email, card.email_verified], ['Ada', true, 'ada@example.org', true]);
    const renewed = await tokenFor(h, secret, { sub: 'u-1', name: 'Ada King', email: 'ada@example.org' });
    await h.call(VISITOR_UPDATE_ROUTE, { uuid: opened.uuid, visitor_token: renewed });
    assert.equal((await cardOf(h, opened.id, cookie)).name, 'Ada King', 'a new token of the same visitor may');
  });

  it('refuses an expired, forged, unsigned, everlasting or id-less token like a wrong hash, storing nothing', async () => {
    const { channel, secret } = await channelWithSecret(h);
    const good = await tokenFor(h, secret, { sub: 'alice', name: 'Alice' });
    const [header, payload] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'alice', name: 'Mallory', exp: Math.floor(h.clock.now() / 1000) + HOUR_S })).toString('base64url');
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    const tokens = [
      await tokenFor(h, secret, { sub: 'alice' }, { expiresIn: -1 }),
      await tokenFor(h, 'another secret', { sub: 'alice' }),
      `${header}.${forged}.${good.split('.')[2]}`,
      unsigned,
      await tokenFor(h, secret, { sub: 'alice' }, { alg: 'HS512' }),
      await tokenFor(h, secret, { sub: 'alice' }, { expiresIn: null }),
      await tokenFor(h, secret, { sub: 'alice' }, { expiresIn: 24 * HOUR_S + 60 }),
      await tokenFor(h, secret, { name: 'Alice' }),
      await tokenFor(h, secret, { sub: '' }),
      await tokenFor(h, secret, { sub: 42 }),
      await tokenFor(h, secret, { sub: 'alice', email: 'not an address' }),
      await tokenFor(h, secret, { sub: 'alice', name: 'Bell\u0007' }),
      'not.a.token',
    ];
    for (const visitor_token of tokens) {
      const { body } = await getSession(h, channel.id, { visitor_token });
      assert.equal(body.error?.data.name, IDENTITY_REJECTED, visitor_token);
      assert.equal(body.error?.data.exception_type, 'access_error');
    }
    const mismatched = await getSession(h, channel.id, { visitor_token: good, visitor_id: 'bob' });
    assert.equal(mismatched.body.error?.data.name, IDENTITY_REJECTED, 'an id beside the token must be its sub');
    const plain = await h.channelWithOperator();
    assert.equal((await getSession(h, plain.channel.id, { visitor_token: good })).body.error?.data.name, IDENTITY_REJECTED, 'no secret on the channel');
    const stored = await h.app.store.listVisitorSessions({ limit: 1000 });
    assert.ok(!stored.some((s) => s.visitor_id === 'alice'), 'no refused identity was stored');
    assert.equal((await getSession(h, channel.id, {})).body.error, undefined, 'the chat goes on anonymously');
  });

  it('a token expires with time: the same one is refused once its exp has passed', async () => {
    const { channel, secret } = await channelWithSecret(h);
    const token = await tokenFor(h, secret, { sub: 'later' }, { expiresIn: 60 });
    assert.equal((await getSession(h, channel.id, { visitor_token: token })).body.error, undefined);
    h.clock.advance(61_000);
    assert.equal((await getSession(h, channel.id, { visitor_token: token })).body.error?.data.name, IDENTITY_REJECTED);
  });

  it('rotating the secret refuses old tokens and hashes at once: the conversation is no longer handed out', async () => {
    const { channel, secret, admin } = await channelWithSecret(h);
    const token = await tokenFor(h, secret, { sub: 'rotated', name: 'Ada' });
    const opened = (await getSession(h, channel.id, { visitor_token: token })).body.result as Opened;
    await h.call(CHAT_POST_ROUTE, { uuid: opened.uuid, message_content: 'my order' });
    await h.call(GENERATE_IDENTITY_SECRET_ROUTE, { channel_id: channel.id }, { cookie: admin });
    for (const identity of [{ visitor_token: token }, { visitor_id: 'rotated', visitor_hash: hashFor(secret, 'rotated') }]) {
      const { body } = await getSession(h, channel.id, identity);
      assert.equal(body.error?.data.name, IDENTITY_REJECTED, Object.keys(identity).join());
    }
    assert.equal((await h.rpc(VISITOR_UPDATE_ROUTE, { uuid: opened.uuid, visitor_token: token })).body.error?.data.name, IDENTITY_REJECTED);
  });

  it('refuses a token that is too long or not text, with the other hostile fields', async () => {
    const { channel } = await channelWithSecret(h);
    for (const visitor_token of ['x'.repeat(4097), 42, ['a.b.c'], { sub: 'x' }, true, 'a.b\u0000.c']) {
      const { body } = await getSession(h, channel.id, { visitor_token });
      assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(visitor_token).slice(0, 40));
    }
  });
}, MANY_SECRETS);
