/**
 * Issue 14, "Alerts for operators": each operator's own address and settings; one "missed chat" mail
 * when nobody answered a chat within the channel's delay, never more than one per conversation and
 * kind, also with two server processes on one database; failed mails tried again; a restart sweeps.
 */
import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../../src/server/app.js';
import { loadConfig } from '../../../../src/server/core/config/config.js';
import { AlertService } from '../../../../src/server/features/alerts/alert-service.js';
import { ADMIN_PASSWORD, FakeClock, describeEachEngine, rootDir, type Harness } from '../../support/harness.js';
import { startMailbox } from '../../support/mailbox.js';
import { anonymousVisitorNumber } from '../../../../src/protocol/visitor-label.js';
import { ALERT_SETTINGS_ROUTE, CLOSE_SESSION_ROUTE, SET_ALERT_SETTINGS_ROUTE, UPDATE_CHANNEL_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CHAT_POST_ROUTE } from '../../../../src/protocol/routes.js';

const mailbox = await startMailbox();
after(() => mailbox.close());

const MINUTE = 60_000;

/** A chat whose visitor wrote `messages`; the operator's own e-mail alerts are on (the default). */
async function chatWithVisitorMessages(h: Harness, messages: string[]) {
  const ctx = await h.visitorSession({ name: 'Olga' });
  for (const text of messages) await h.call(CHAT_POST_ROUTE, { uuid: ctx.session.uuid, message_content: text });
  return ctx;
}

/** Another app process on the same database, with its own clock. */
async function secondProcess(h: Harness, clock: FakeClock): Promise<FastifyInstance> {
  const config = loadConfig({ LIVECHAT_ADMIN_PASSWORD: ADMIN_PASSWORD, NODE_ENV: 'test', SMTP_URL: mailbox.url, PUBLIC_URL: 'https://chat.example.com', ...h.database.env }, rootDir);
  const app = await buildApp({ config, clock });
  await app.ready();
  return app;
}

describeEachEngine(
  'alerts for operators',
  (h) => {
    it('each operator reads and changes its own address and settings; bad input is refused', async () => {
      const { cookie, operator } = await h.channelWithOperator();
      assert.deepEqual(await h.call(ALERT_SETTINGS_ROUTE, {}, { cookie }), { email: operator.email, notify_missed_chat: true, notify_offline_message: true, notify_mention: false });
      const changed = await h.call(SET_ALERT_SETTINGS_ROUTE, { email: 'mailto:Me@Example.org', notify_missed_chat: false, notify_offline_message: true }, { cookie });
      assert.deepEqual(changed, { email: 'Me@Example.org', notify_missed_chat: false, notify_offline_message: true, notify_mention: false });
      for (const params of [
        { email: 'nope', notify_missed_chat: true, notify_offline_message: true },
        { email: 'a@b.co\r\nBcc: x@y.co', notify_missed_chat: true, notify_offline_message: true },
        { email: 'a@b.co', notify_missed_chat: 'yes', notify_offline_message: true },
        { email: 'a@b.co', notify_missed_chat: true },
        { email: `${'a'.repeat(300)}@b.co`, notify_missed_chat: true, notify_offline_message: true },
      ]) {
        const { body } = await h.rpc(SET_ALERT_SETTINGS_ROUTE, params, { cookie });
        assert.equal(body.error?.data.exception_type, 'validation_error', JSON.stringify(params).slice(0, 60));
      }
      assert.deepEqual(await h.call(SET_ALERT_SETTINGS_ROUTE, { email: '', notify_missed_chat: true, notify_offline_message: false }, { cookie }), { email: null, notify_missed_chat: true, notify_offline_message: false, notify_mention: false });
      const anonymous = await h.rpc(ALERT_SETTINGS_ROUTE, {});
      assert.equal(anonymous.body.error?.code, 100);
    });

    it('a chat nobody answered gets one "missed chat" mail after the delay, with the first messages and a link', async () => {
      const { channel, operator, session } = await chatWithVisitorMessages(h, ['Hello?', 'Is anyone there?', 'three', 'four', 'five', 'six']);
      const colleague = await h.app.store.createOperator({ login: `quiet-${operator.id}`, display_name: 'Quiet', email: `quiet-${operator.id}@example.com`, password: 'pw-quiet-1' });
      await h.app.store.addChannelOperator(channel.id, colleague.id);
      await h.app.alertStore.setSettings(colleague.id, { email: colleague.email, notify_missed_chat: false, notify_offline_message: true });
      const before = mailbox.mails.length;
      h.clock.advance(2 * MINUTE - 1_000);
      await h.app.alerts.sweep();
      assert.equal(mailbox.mails.length, before, 'not before the delay');
      h.clock.advance(2_000);
      await h.app.alerts.sweep();
      const [mail, ...more] = await mailbox.waitFor(before);
      assert.equal(more.length, 0);
      assert.deepEqual(mail!.to, [operator.email], 'only the operators who want this alert');
      assert.equal(mail!.subject, `Missed chat on ${channel.name}: Visitor ${anonymousVisitorNumber(session.id)}`, 'the anonymous visitor is named as in the console');
      assert.match(mail!.text, new RegExp(`^Visitor ${anonymousVisitorNumber(session.id)} wrote on `));
      assert.match(mail!.text, /nobody answered within 2 minutes/);
      assert.match(mail!.text, /Hello\?\n\n.*\nIs anyone there\?/);
      assert.match(mail!.text, /five/);
      assert.doesNotMatch(mail!.text, /six/, 'the first five messages only');
      assert.match(mail!.text, new RegExp(`Open the conversation: https://chat\\.example\\.com/operator/#/conversations/${session.id}$`, 'm'));
      h.clock.advance(10 * MINUTE);
      await h.app.alerts.sweep();
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'still here' });
      h.clock.advance(10 * MINUTE);
      await h.app.alerts.sweep();
      assert.equal(mailbox.mails.length, before + 1, 'one mail per conversation and kind');
    });

    it('an answered chat, a closed chat and a chat without a visitor message are not missed; the channel’s delay applies', async () => {
      const answered = await chatWithVisitorMessages(h, ['hi']);
      await h.call(CHAT_POST_ROUTE, { session_id: answered.session.id, message_content: 'Hello!' }, { cookie: answered.cookie });
      const closed = await chatWithVisitorMessages(h, ['hi']);
      await h.call(CLOSE_SESSION_ROUTE, { session_id: closed.session.id }, { cookie: closed.cookie });
      await chatWithVisitorMessages(h, []);
      const quick = await chatWithVisitorMessages(h, ['quick']);
      const admin = await h.login('admin', ADMIN_PASSWORD);
      await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: quick.channel.id, values: { missed_after_seconds: 30 } }, { cookie: admin });
      for (const bad of [5, 86_401, 1.5, '30']) {
        const { body } = await h.rpc(UPDATE_CHANNEL_ROUTE, { channel_id: quick.channel.id, values: { missed_after_seconds: bad } }, { cookie: admin });
        assert.match(body.error?.data.message ?? '', /missed_after_seconds must be 10 to 86400 seconds/);
      }
      const before = mailbox.mails.length;
      h.clock.advance(31_000);
      await h.app.alerts.sweep();
      const mails = await mailbox.waitFor(before);
      assert.deepEqual(mails.map((m) => m.to), [[quick.operator.email]]);
      assert.match(mails[0]!.text, /within 30 seconds/);
      h.clock.advance(10 * MINUTE);
      await h.app.alerts.sweep();
      assert.equal(mailbox.mails.length, before + 1);
    });

    it('a refused mail is tried again after a minute, then after five, then given up; a sent one never again', async () => {
      await chatWithVisitorMessages(h, ['retry me']);
      const before = mailbox.mails.length;
      mailbox.refuse(2);
      h.clock.advance(2 * MINUTE + 1_000);
      await h.app.alerts.sweep();
      h.clock.advance(MINUTE);
      await h.app.alerts.sweep();
      assert.equal(mailbox.mails.length, before, 'two refusals');
      h.clock.advance(5 * MINUTE);
      await h.app.alerts.sweep();
      assert.equal(mailbox.mails.length, before + 1, 'the third attempt went through');
      h.clock.advance(60 * MINUTE);
      await h.app.alerts.sweep();
      assert.equal(mailbox.mails.length, before + 1);

      await chatWithVisitorMessages(h, ['never delivered']);
      const later = mailbox.mails.length;
      mailbox.refuse(3);
      for (const wait of [2 * MINUTE + 1_000, MINUTE, 5 * MINUTE, 60 * MINUTE]) {
        h.clock.advance(wait);
        await h.app.alerts.sweep();
      }
      assert.equal(mailbox.mails.length, later, 'three attempts in all');
      mailbox.refuse(0);
    });

    it('with nobody to tell, nothing is sent and nothing is tried again', async () => {
      const { operator } = await chatWithVisitorMessages(h, ['anyone?']);
      await h.app.alertStore.setSettings(operator.id, { email: null, notify_missed_chat: true, notify_offline_message: true });
      const before = mailbox.mails.length;
      h.clock.advance(3 * MINUTE);
      await h.app.alerts.sweep();
      h.clock.advance(60 * MINUTE);
      await h.app.alerts.sweep();
      assert.equal(mailbox.mails.length, before);
    });

    it('two server processes sweeping the same database send each missed chat once', async () => {
      const chats = [];
      for (let i = 0; i < 5; i += 1) chats.push(await chatWithVisitorMessages(h, [`parallel ${i}`]));
      h.clock.advance(3 * MINUTE);
      const other = await secondProcess(h, new FakeClock(h.clock.now()));
      try {
        const before = mailbox.mails.length;
        await Promise.all([h.app.alerts.sweep(), other.alerts.sweep(), h.app.alerts.sweep(), other.alerts.sweep()]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const sent = mailbox.mails.slice(before).map((m) => m.to[0]).sort();
        assert.deepEqual(sent, chats.map((c) => c.operator.email).sort());
      } finally {
        await other.close();
      }
    });

    it('a visitor’s message arms a timer in the process that received it; a restart sweeps what was due', async () => {
      const { session, channel, operator } = await chatWithVisitorMessages(h, ['timer']);
      // The channel's real delay is minutes: this service reads it as a fifth of a second to fire now.
      const channelRow = (await h.app.store.getChannel(channel.id))!;
      const service = new AlertService({
        store: h.app.store,
        alertStore: h.app.alertStore,
        mailer: h.app.mailer,
        now: () => h.clock.now(),
        channel: async () => ({ ...channelRow, missed_after_seconds: 0.2 }),
        conversationLink: (id) => `https://chat.example.com/operator/#/conversations/${id}`,
        consoleLink: 'https://chat.example.com/operator/',
        counters: h.app.limits.counters,
        mailsPerHour: 20,
        metrics: h.app.metrics,
        log: h.app.log,
        outbox: h.app.outbox,
      });
      const before = mailbox.mails.length;
      h.clock.advance(2 * MINUTE + 1_000);
      await service.chatPosted((await h.app.store.getVisitorSession(session.id))!);
      const mails = await mailbox.waitFor(before);
      assert.deepEqual(mails.map((m) => m.to), [[operator.email]]);
      service.close();

      // A process that stops before the delay: the next one to start sends the alert by itself.
      const later = await chatWithVisitorMessages(h, ['restart']);
      const clock = new FakeClock(h.clock.now() + 3 * MINUTE);
      const sent = mailbox.mails.length;
      const restarted = await secondProcess(h, clock);
      try {
        const arrived = await mailbox.waitFor(sent);
        assert.deepEqual(arrived.map((m) => m.to), [[later.operator.email]]);
      } finally {
        await restarted.close();
      }
    });
  },
  { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://chat.example.com' },
);
