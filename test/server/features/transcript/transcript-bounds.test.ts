/**
 * A transcript goes to any address the visitor types, so it must not relay what an attacker wrote: only
 * a conversation an operator has answered, two a conversation, five a recipient a day whatever `+tag` or
 * case the address carries, a cap per channel and hour, and the visitor's links defanged.
 */
import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { comparableEmailAddress } from '../../../../src/protocol/email-address.js';
import { describeEachEngine, type Harness } from '../../support/harness.js';
import { startMailbox } from '../../support/mailbox.js';
import { callFrom } from '../../abuse/support.js';
import { CHAT_POST_ROUTE, EMAIL_TRANSCRIPT_ROUTE, GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';

const mailbox = await startMailbox();
after(() => mailbox.close());

const ROUTE = EMAIL_TRANSCRIPT_ROUTE;

/** A channel with its operator logged in, and a way to open answered conversations on it. */
async function channel(h: Harness) {
  const ctx = await h.channelWithOperator();
  const conversation = async (answered = true) => {
    const session = await h.call<{ id: number; uuid: string }>(GET_SESSION_ROUTE, { channel_id: ctx.channel.id, anonymous_name: 'Visitor', previous_operator_id: null });
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'hello' });
    if (answered) await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'Hello, how can I help?' }, { cookie: ctx.cookie });
    return session;
  };
  return { ...ctx, conversation };
}

describeEachEngine(
  'transcripts are bounded so they relay nothing',
  (h) => {
    it('a conversation no operator has answered is not mailed: a typed error the widget shows as its error block', async () => {
      const c = await channel(h);
      const session = await c.conversation(false);
      const before = mailbox.mails.length;
      const { body } = await h.rpc(ROUTE, { uuid: session.uuid, email: 'v@example.org' });
      assert.equal(body.error?.data.name, 'livechat.TranscriptNotAnswered');
      assert.equal(body.error?.data.message, 'This conversation can be mailed once an operator has answered');
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(mailbox.mails.length, before);
      await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'Here I am' }, { cookie: c.cookie });
      await h.call(ROUTE, { uuid: session.uuid, email: 'v@example.org' });
      assert.equal(mailbox.mails.length, before + 1);
    });

    it('two a conversation a day, and five a recipient whatever its +tag and case', async () => {
      const c = await channel(h);
      const session = await c.conversation();
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) codes.push((await callFrom(h, `203.0.113.${i}`, ROUTE, { uuid: session.uuid, email: `r${i}@example.org` })).res.statusCode);
      assert.deepEqual(codes, [200, 200, 429]);
      const victim: number[] = [];
      const before = mailbox.mails.length;
      for (const email of ['victim+1@example.org', 'Victim+2@Example.org', 'VICTIM@EXAMPLE.ORG', 'victim+a+b@example.org', 'mailto:victim+x@example.org', 'victim+6@example.org']) {
        // Each on a channel of its own, so the channel's hourly cap stays out of it.
        const other = await (await channel(h)).conversation();
        victim.push((await callFrom(h, '203.0.113.20', ROUTE, { uuid: other.uuid, email })).res.statusCode);
      }
      assert.deepEqual(victim, [200, 200, 200, 200, 200, 429]);
      assert.deepEqual(mailbox.mails.slice(before).map((m) => m.to[0]), ['victim+1@example.org', 'Victim+2@example.org', 'VICTIM@example.org', 'victim+a+b@example.org', 'victim+x@example.org'], 'sent as typed (domains are case-blind)');
    });

    it('a channel mails at most TRANSCRIPTS_PER_CHANNEL_PER_HOUR transcripts an hour, whoever asks', async () => {
      const c = await channel(h);
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) codes.push((await callFrom(h, `198.51.100.${i}`, ROUTE, { uuid: (await c.conversation()).uuid, email: `person${i}@example.org` })).res.statusCode);
      assert.deepEqual(codes, [200, 200, 200, 429]);
      const elsewhere = await channel(h);
      assert.equal((await callFrom(h, '198.51.100.9', ROUTE, { uuid: (await elsewhere.conversation()).uuid, email: 'person9@example.org' })).res.statusCode, 200, 'another channel has its own');
      h.clock.advance(3600_000 + 1);
      assert.equal((await callFrom(h, '198.51.100.8', ROUTE, { uuid: (await c.conversation()).uuid, email: 'person8@example.org' })).res.statusCode, 200, 'an hour later');
    });

    it('the visitor’s links arrive defanged in both parts; the operator’s text is the operator’s', async () => {
      const c = await channel(h);
      const session = await h.call<{ id: number; uuid: string }>(GET_SESSION_ROUTE, { channel_id: c.channel.id, anonymous_name: 'Visitor', previous_operator_id: null });
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Claim at https://evil.test/claim now, or mail win@evil.test' });
      await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'Our help page: https://help.example.com/a' }, { cookie: c.cookie });
      const before = mailbox.mails.length;
      await h.call(ROUTE, { uuid: session.uuid, email: 'me@example.org' });
      const [mail] = await mailbox.waitFor(before);
      for (const part of [mail!.text, mail!.html]) {
        assert.match(part, /Claim at hxxps:\/\/evil\[\.\]test\/claim now, or mail win@evil\[\.\]test/);
        assert.doesNotMatch(part, /evil\.test/);
      }
      assert.doesNotMatch(mail!.html, /<a href="[^"]*evil/);
      assert.match(mail!.html, /<a href="https:\/\/help\.example\.com\/a"/);
    });
  },
  { SMTP_URL: mailbox.url, RATE_LIMIT_TRANSCRIPT: '1000', RATE_LIMIT_GET_SESSION: '1000', TRANSCRIPTS_PER_CHANNEL_PER_HOUR: '3' },
);

it('addresses are compared without +tag and case; what is not an address is only lower-cased', () => {
  assert.equal(comparableEmailAddress('Victim+Promo@Example.ORG'), 'victim@example.org');
  assert.equal(comparableEmailAddress('mailto:a+b+c@x.co'), 'a@x.co');
  assert.equal(comparableEmailAddress('+tag@x.co'), '+tag@x.co');
  assert.equal(comparableEmailAddress('plain@x.co'), 'plain@x.co');
});
