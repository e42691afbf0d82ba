/**
 * Issue 14, "Offline messages": a channel may show a message form while nobody is online; the message
 * becomes an offline conversation the channel's operators see live and receive by mail (a real SMTP
 * server), and answer from the console by e-mail.
 */
import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import type { ConversationDetail, ConversationSummary } from '../../../../src/protocol/operator-console.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { startMailbox } from '../../support/mailbox.js';
import { callFrom, notificationsOn } from '../../abuse/support.js';
import { anonymousVisitorNumber } from '../../../../src/protocol/visitor-label.js';
import {
  CONVERSATIONS_ROUTE,
  CONVERSATION_ROUTE,
  REPLY_BY_EMAIL_ROUTE,
  UPDATE_CHANNEL_ROUTE,
  VISITOR_CARD_ROUTE,
} from '../../../../src/protocol/console/routes.js';
import { OFFLINE_MESSAGE_ROUTE } from '../../../../src/protocol/offline-message.js';
import { CHAT_POST_ROUTE, INIT_ROUTE } from '../../../../src/protocol/routes.js';

const mailbox = await startMailbox();
after(() => mailbox.close());

const ROUTE = OFFLINE_MESSAGE_ROUTE;

/** A channel with the offline form on, an operator who is not online, and a second member. */
async function offlineChannel(h: Harness) {
  const ctx = await h.channelWithOperator({ online: false });
  const admin = await h.login('admin', ADMIN_PASSWORD);
  await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: ctx.channel.id, values: { offline_mode: 'message_form' } }, { cookie: admin });
  const colleague = await h.app.store.createOperator({ login: `${ctx.operator.login}-2`, display_name: 'Colleague', email: `${ctx.operator.login}-2@example.com`, password: 'pw-colleague' });
  await h.app.store.addChannelOperator(ctx.channel.id, colleague.id);
  return { ...ctx, admin, colleague };
}

describeEachEngine(
  'offline messages',
  (h) => {
    it('init says nothing new for a channel that hides its button (SPEC default), and names the form when it is on', async () => {
      const { channel } = await h.channelWithOperator({ online: false });
      const hidden = await h.call<{ options: Record<string, unknown> }>(INIT_ROUTE, { channel_id: channel.id });
      assert.equal('offline_mode' in hidden.options, false);
      const admin = await h.login('admin', ADMIN_PASSWORD);
      await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { offline_mode: 'message_form' } }, { cookie: admin });
      const form = await h.call<{ available_for_me: boolean; options: Record<string, unknown> }>(INIT_ROUTE, { channel_id: channel.id });
      assert.equal(form.available_for_me, false);
      assert.equal(form.options.offline_mode, 'message_form');
      assert.equal(form.options.offline_text, false, 'the default text is left to the widget, in the page language');
      await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { offline_text: 'Write to us' } }, { cookie: admin });
      const custom = await h.call<{ options: Record<string, unknown> }>(INIT_ROUTE, { channel_id: channel.id });
      assert.equal(custom.options.offline_text, 'Write to us');
    });

    it('refuses a message on a channel whose form is off, storing nothing', async () => {
      const { channel, operator, cookie } = await h.channelWithOperator({ online: true });
      const { body } = await h.rpc(ROUTE, { channel_id: channel.id, name: 'Ann', email: 'ann@example.org', message: 'hello' });
      assert.equal(body.error?.data.message, 'This channel does not take messages while nobody is online');
      assert.deepEqual(await h.call(CONVERSATIONS_ROUTE, {}, { cookie }), []);
      void operator;
    });

    it('stores an offline conversation, announces it to every operator of the channel and mails them once', async () => {
      const { channel, operator, colleague, password } = await offlineChannel(h);
      const before = mailbox.mails.length;
      const result = await h.call(ROUTE, { channel_id: channel.id, name: 'Ann <b>', email: 'mailto:ann@example.org', message: 'My order <script>x</script>\nnever came' });
      assert.equal(result, true);
      const [mail, ...more] = await mailbox.waitFor(before);
      assert.equal(more.length, 0);
      assert.deepEqual(mail!.to.sort(), [operator.email, colleague.email].sort());
      assert.equal(mail!.subject, `New message on ${channel.name} from Ann <b>`);
      assert.match(mail!.text, /Ann <b> <ann@example\.org> left a message while nobody was online/);
      assert.match(mail!.text, /My order <script>x<\/script>\nnever came/);
      assert.match(mail!.text, /\/operator\/#\/conversations\/\d+/);

      const cookie = await h.login(operator.login, password);
      const list = await h.call<ConversationSummary[]>(CONVERSATIONS_ROUTE, {}, { cookie });
      assert.equal(list.length, 1);
      assert.equal(list[0]!.origin, 'offline');
      assert.equal(list[0]!.visitor_name, 'Ann <b>');
      const detail = await h.call<ConversationDetail>(CONVERSATION_ROUTE, { session_id: list[0]!.id }, { cookie });
      assert.equal(detail.reply_email, 'ann@example.org');
      assert.equal(detail.messages.length, 1);
      assert.equal(detail.messages[0]!.body, '<p>My order &lt;script&gt;x&lt;/script&gt;<br/>never came</p>');
      const card = await h.call<{ email: string; identity: string; name: string }>(VISITOR_CARD_ROUTE, { session_id: list[0]!.id }, { cookie });
      assert.deepEqual({ name: card.name, email: card.email, identity: card.identity }, { name: 'Ann <b>', email: 'ann@example.org', identity: 'unverified' });
      for (const id of [operator.id, colleague.id]) {
        const told = (await notificationsOn(h, BusChannel.operator(id))).filter((n) => n.info === 'new_session');
        assert.equal(told.length, 1);
        assert.deepEqual(told[0]!.session, { id: list[0]!.id, name: 'Ann <b>', anonymous_name: 'Ann <b>', visitor_label: 'Ann <b>', channel_id: channel.id, origin: 'offline' });
        assert.ok(!JSON.stringify(told).includes('ann@example.org'), 'the address is read from the conversation, not the bus');
      }
      // A later sweep finds the mail recorded and sends nothing more.
      await h.app.alerts.sweep();
      assert.equal(mailbox.mails.length, before + 1);
    });

    it('a retry with the same key stores one conversation and mails once', async () => {
      const { channel, admin } = await offlineChannel(h);
      const before = mailbox.mails.length;
      const params = { channel_id: channel.id, email: 'bo@example.org', message: 'once', post_key: 'offline-key-000000001' };
      const answers = await Promise.all([h.call(ROUTE, params), h.call(ROUTE, params)]);
      assert.deepEqual(answers, [true, true]);
      assert.equal(await h.call(ROUTE, params), true);
      const sessions = await h.app.store.conversations.offlineSessions([channel.id], 10);
      assert.equal(sessions.length, 1);
      assert.equal(sessions[0]!.anonymous_name, 'Visitor', 'no name gives the default visitor name');
      const [mail] = await mailbox.waitFor(before);
      const label = `Visitor ${anonymousVisitorNumber(sessions[0]!.id)}`;
      assert.equal(mail!.subject, `New message on ${channel.name} from ${label}`, 'the anonymous visitor is named as in the console');
      assert.match(mail!.text, new RegExp(`^${label} <bo@example\\.org> left a message`));
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(mailbox.mails.length, before + 1);
      void admin;
    });

    it('refuses hostile and malformed fields with clear errors and stores nothing', async () => {
      const { channel } = await offlineChannel(h);
      const valid = { channel_id: channel.id, name: 'Ann', email: 'ann@example.org', message: 'hello' };
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ ...valid, email: 'not-an-email' }, /^Invalid email address$/],
        [{ ...valid, email: 'x@y.com\r\nBcc: victim@example.com' }, /^Invalid email address$/],
        [{ ...valid, email: `${'a'.repeat(250)}@example.org` }, /^Invalid email address$/],
        [{ ...valid, email: ['ann@example.org'] }, /^Invalid email address$/],
        [{ ...valid, message: '   ' }, /empty/],
        [{ ...valid, message: 'x'.repeat(4001) }, /at most 4000/],
        [{ ...valid, message: 'bell\u0007' }, /control character/],
        [{ ...valid, message: '\uD800alone' }, /not well-formed/],
        [{ ...valid, message: { toString: 'x' } }, /must be a string/],
        [{ ...valid, name: 'n'.repeat(101) }, /at most 100/],
        [{ ...valid, name: 'a\u0000b' }, /control character/],
        [{ ...valid, post_key: 'short' }, /post_key/],
        [{ ...valid, channel_id: 'one' }, /channel_id/],
        [{ ...valid, channel_id: 987654 }, /does not exist/],
      ];
      for (const [params, expected] of cases) {
        const { body, res } = await h.rpc(ROUTE, params);
        assert.ok(res.statusCode < 500);
        assert.match(body.error?.data.message ?? '', expected, JSON.stringify(params).slice(0, 80));
      }
      // Prototype keys change nothing: the body parser refuses `__proto__`, and channel 1 keeps its form off.
      for (const payload of ['{"__proto__": {"offline_mode": "message_form"}}', '{"constructor": {"prototype": {"offline_mode": "message_form"}}}']) {
        const extra = JSON.parse(payload) as Record<string, unknown>;
        const { body, res } = await h.rpc(ROUTE, { ...valid, channel_id: 1, ...extra });
        assert.ok(res.statusCode < 500 && body.error, payload);
      }
      const raw = await h.app.inject({ method: 'POST', url: ROUTE, headers: { 'content-type': 'application/json' }, payload: `{"jsonrpc":"2.0","id":1,"params":{"__proto__":{"offline_mode":"message_form"},"channel_id":1,"email":"a@b.co","message":"x"}}` });
      assert.ok(raw.statusCode < 500);
      assert.ok((raw.json() as { error?: unknown }).error);
      assert.deepEqual(await h.app.store.conversations.offlineSessions([channel.id, 1], 10), []);
    });

    it('an operator answers by e-mail: mailed to the visitor over SMTP, stored and shown live', async () => {
      const { channel, colleague, operator, password } = await offlineChannel(h);
      const announced = mailbox.mails.length;
      await h.call(ROUTE, { channel_id: channel.id, name: 'Cy', email: 'cy@example.org', message: 'Where is my parcel? See http://evil.test/track' });
      await mailbox.waitFor(announced);
      const [session] = await h.app.store.conversations.offlineSessions([channel.id], 1);
      const cookie = await h.login(colleague.login, 'pw-colleague');
      const before = mailbox.mails.length;
      // An SMTP refusal: an error the console shows, nothing stored, the same answer can be sent again.
      mailbox.refuse(1);
      const refused = await h.rpc(REPLY_BY_EMAIL_ROUTE, { session_id: session!.id, message: 'It left today.' }, { cookie });
      assert.equal(refused.body.error?.data.message, 'The answer could not be sent by e-mail');
      assert.equal((await h.app.store.listMessages(session!.id, 10)).length, 1);
      const id = await h.call<number>(REPLY_BY_EMAIL_ROUTE, { session_id: session!.id, message: 'It left today.\nTracking soon.' }, { cookie });
      const [mail] = await mailbox.waitFor(before);
      assert.deepEqual(mail!.to, ['cy@example.org']);
      assert.equal(mail!.subject, `Your message to ${channel.name}`);
      assert.match(mail!.text, /^It left today\.\nTracking soon\.\n\nColleague, /);
      assert.match(mail!.text, /you wrote:\n> Where is my parcel\? See hxxp:\/\/evil\[\.\]test\/track$/m, 'the visitor’s own text comes back without a live link');
      assert.match(mail!.html, /Where is my parcel\? See hxxp:\/\/evil\[\.\]test\/track/);
      assert.doesNotMatch(mail!.text + mail!.html, /evil\.test|<a /);
      const stored = await h.app.store.getMessage(id);
      assert.equal(stored?.author_operator_id, colleague.id);
      assert.equal(stored?.body, '<p>It left today.<br/>Tracking soon.</p>');
      // The other operator of the channel sees it live on its own channel.
      const other = (await notificationsOn(h, BusChannel.operator(operator.id))).filter((n) => n.id === id);
      assert.equal(other.length, 1);
      // A chat message would reach no one: the chat route refuses it.
      assert.equal(await h.call(CHAT_POST_ROUTE, { session_id: session!.id, message_content: 'hello?' }, { cookie }), false);
      void password;
    });

    it('only the channel’s operators read or answer an offline message; its bus channel follows the same rule', async () => {
      const { channel } = await offlineChannel(h);
      await h.call(ROUTE, { channel_id: channel.id, email: 'd@example.org', message: 'hi' });
      const [session] = await h.app.store.conversations.offlineSessions([channel.id], 1);
      const stranger = await h.channelWithOperator();
      const read = await h.rpc(CONVERSATION_ROUTE, { session_id: session!.id }, { cookie: stranger.cookie });
      assert.equal(read.body.error?.data.name, 'livechat.MissingError');
      const reply = await h.rpc(REPLY_BY_EMAIL_ROUTE, { session_id: session!.id, message: 'hi' }, { cookie: stranger.cookie });
      assert.equal(reply.body.error?.data.name, 'livechat.MissingError');
      assert.deepEqual(await h.call(CONVERSATIONS_ROUTE, {}, { cookie: stranger.cookie }), []);
      // A live chat is not answered by e-mail.
      const chat = await h.visitorSession();
      const notOffline = await h.rpc(REPLY_BY_EMAIL_ROUTE, { session_id: chat.session.id, message: 'hi' }, { cookie: chat.cookie });
      assert.equal(notOffline.body.error?.data.name, 'livechat.MissingError');
      for (const [value, pattern] of [['', /empty/], ['x'.repeat(4001), /too long/], ['a\u0000', /control/], [42, /must be a string/]] as const) {
        const { body } = await h.rpc(REPLY_BY_EMAIL_ROUTE, { session_id: session!.id, message: value }, { cookie: stranger.cookie });
        assert.match(body.error?.data.message ?? '', pattern);
      }
    });
  },
  { SMTP_URL: mailbox.url, RATE_LIMIT_OFFLINE_MESSAGE: '1000' },
);

describeEachEngine(
  'offline messages are bounded per address, with a safety bound per channel',
  (h) => {
    it('a few a minute from one address, ten a day from one address; past the channel’s safety bound, refusals are logged and counted', async () => {
      const { channel } = await offlineChannel(h);
      const send = (address: string, n: number) => callFrom(h, address, ROUTE, { channel_id: channel.id, email: `v${n}@example.org`, message: `m${n}` });
      const minute: number[] = [];
      for (let i = 0; i < 4; i += 1) minute.push((await send('203.0.113.1', i)).res.statusCode);
      assert.deepEqual(minute, [200, 200, 200, 429], 'RATE_LIMIT_OFFLINE_MESSAGE a minute per address');
      const day: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        h.clock.advance(61_000);
        day.push((await send('203.0.113.2', 100 + i)).res.statusCode);
      }
      assert.deepEqual(day, [...Array(10).fill(200), 429], 'ten a day per address');
      assert.equal((await h.app.store.conversations.offlineSessions([channel.id], 100)).length, 13);
      // The safety bound (15 here, 10,000 by default) holds whatever addresses the messages come from.
      const many: number[] = [];
      for (let i = 0; i < 4; i += 1) many.push((await send(`198.51.100.${i}`, 200 + i)).res.statusCode);
      assert.deepEqual(many, [200, 200, 429, 429]);
      assert.equal((await h.app.store.conversations.offlineSessions([channel.id], 100)).length, 15);
      const metrics = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer offline-metrics-token' } });
      assert.match(metrics.body, /^livechat_offline_messages_over_channel_bound_total 2$/m);
    });
  },
  { SMTP_URL: mailbox.url, RATE_LIMIT_OFFLINE_MESSAGE: '3', OFFLINE_MESSAGES_PER_DAY: '15', METRICS_TOKEN: 'offline-metrics-token' },
);

describeEachEngine(
  'a flood of offline messages refuses its senders, never the other visitors',
  (h) => {
    it('22 addresses × 10 messages, then a fresh address still gets its message stored; the operators get the hourly cap and one digest', async () => {
      const { channel, operator } = await offlineChannel(h);
      const send = (address: string, n: number) => callFrom(h, address, ROUTE, { channel_id: channel.id, email: `flood${n}@example.org`, message: `Cheap pills at http://evil.test/${n}` });
      for (let a = 0; a < 22; a += 1) {
        const codes = await Promise.all(Array.from({ length: 10 }, (_, i) => send(`203.0.113.${a}`, a * 10 + i)).map(async (r) => (await r).res.statusCode));
        assert.deepEqual(codes, Array(10).fill(200), `address ${a}`);
      }
      assert.equal((await send('203.0.113.0', 999)).res.statusCode, 429, 'the abuser’s own address is refused');
      const fresh = await callFrom(h, '198.51.100.50', ROUTE, { channel_id: channel.id, name: 'Real', email: 'real@example.org', message: 'Is my order on its way?' });
      assert.equal(fresh.res.statusCode, 200);
      assert.equal(fresh.res.headers['retry-after'], undefined);
      const stored = await h.app.store.conversations.offlineSessions([channel.id], 500);
      assert.equal(stored.length, 221);
      assert.equal(stored[0]!.email, 'real@example.org');
      await new Promise((resolve) => setTimeout(resolve, 500));
      const toOperator = () => mailbox.mails.filter((m) => m.to.includes(operator.email ?? ''));
      assert.equal(toOperator().length, 3, 'ALERT_MAILS_PER_HOUR');
      assert.ok(toOperator().every((m) => !/evil\.test/.test(m.text + m.html)));
      h.clock.advance(3600_000 - (h.clock.now() % 3600_000) + 30_000);
      await h.app.alerts.sweep();
      await h.app.alerts.sweep();
      assert.equal(toOperator().length, 4, 'and one digest');
      assert.match(toOperator()[3]!.text, /^218 more alerts on .* were not mailed: 218 offline messages\.$/m);
    });
  },
  { SMTP_URL: mailbox.url, RATE_LIMIT_OFFLINE_MESSAGE: '1000', ALERT_MAILS_PER_HOUR: '3' },
);
