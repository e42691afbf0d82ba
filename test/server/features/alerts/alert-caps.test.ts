/**
 * Alert mails are bounded per channel: anonymous visitors open conversations at will, so a channel mails
 * at most ALERT_MAILS_PER_HOUR alerts (missed chats and offline messages together) in a clock hour, and
 * the next hour one digest counts what was left out, once whatever the number of processes. What
 * visitors wrote is quoted without a link any mail client would make clickable.
 */
import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../../../src/server/app.js';
import { loadConfig } from '../../../../src/server/core/config/config.js';
import { ADMIN_PASSWORD, FakeClock, describeEachEngine, rootDir, type Harness } from '../../support/harness.js';
import { startMailbox } from '../../support/mailbox.js';
import { OFFLINE_MESSAGE_ROUTE } from '../../../../src/protocol/offline-message.js';
import { CHAT_POST_ROUTE, GET_SESSION_ROUTE } from '../../../../src/protocol/routes.js';

const mailbox = await startMailbox();
after(() => mailbox.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TOKEN = 'metrics-token-for-alert-caps';
const ENV = { SMTP_URL: mailbox.url, PUBLIC_URL: 'https://chat.example.com', ALERT_MAILS_PER_HOUR: '3', METRICS_TOKEN: TOKEN, RATE_LIMIT_OFFLINE_MESSAGE: '1000' };
const HOSTILE = 'Win a prize at http://evil.test/win?x=1 or www.evil.test, write to prize@evil.test';

/** A channel whose operator is online and whose offline form is on too, so both kinds of alert can happen. */
async function busyChannel(h: Harness) {
  const ctx = await h.channelWithOperator();
  await h.app.store.updateChannel(ctx.channel.id, { offline_mode: 'message_form' });
  const chat = async (text: string) => {
    const session = await h.call<{ uuid: string } | false>(GET_SESSION_ROUTE, { channel_id: ctx.channel.id, anonymous_name: 'Visitor', previous_operator_id: null });
    assert.ok(session, 'the operator is available');
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: text });
  };
  const offline = (text: string) => h.call(OFFLINE_MESSAGE_ROUTE, { channel_id: ctx.channel.id, email: 'v@example.org', message: text });
  const mails = () => mailbox.mails.filter((m) => m.to.includes(ctx.operator.email ?? ''));
  return { ...ctx, chat, offline, mails };
}

function toNextHour(h: Harness): void {
  h.clock.advance(HOUR - (h.clock.now() % HOUR) + 30_000);
}

async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function metric(h: Harness, line: RegExp): Promise<number> {
  const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const found = res.body.split('\n').find((l) => line.test(l));
  return found === undefined ? 0 : Number(found.split(' ').at(-1));
}

describeEachEngine(
  'alert mails are capped per channel and hour',
  (h) => {
    it('past ALERT_MAILS_PER_HOUR the alerts wait for one digest the next hour, which counts them by kind', async () => {
      const c = await busyChannel(h);
      for (let i = 0; i < 4; i += 1) await c.chat(`${HOSTILE} (${i})`);
      h.clock.advance(3 * MINUTE);
      await h.app.alerts.sweep();
      await c.offline(HOSTILE);
      await c.offline(HOSTILE);
      await settle();
      assert.equal(c.mails().length, 3, 'three alert mails in the hour, whatever the conversations');
      assert.equal(await metric(h, /^livechat_alert_mails_suppressed_total\{kind="missed_chat"\}/), 1);
      assert.equal(await metric(h, /^livechat_alert_mails_suppressed_total\{kind="offline_message"\}/), 2);
      await h.app.alerts.sweep();
      assert.equal(c.mails().length, 3, 'no digest before the hour ends');

      toNextHour(h);
      await h.app.alerts.sweep();
      await h.app.alerts.sweep();
      const [digest, ...more] = c.mails().slice(3);
      assert.equal(more.length, 0, 'one digest');
      assert.equal(digest!.subject, `3 alerts on ${c.channel.name} not mailed`);
      assert.match(digest!.text, new RegExp(`^3 more alerts on ${c.channel.name} between 2024-05-11 14:00 and 15:00 UTC were not mailed: 1 missed chat, 2 offline messages\\.$`, 'm'));
      assert.match(digest!.text, /^Open the console: https:\/\/chat\.example\.com\/operator\/$/m);
      assert.equal(await metric(h, /^livechat_alert_digests_sent_total /), 1);

      // A new hour, a new allowance (the operator is seen again, an hour later, so the chat opens).
      await h.app.store.touchOperator(c.operator.id, h.clock.now());
      await c.chat('back again');
      h.clock.advance(3 * MINUTE);
      await h.app.alerts.sweep();
      await settle();
      assert.equal(c.mails().length, 5);
      assert.match(c.mails()[4]!.subject, /^Missed chat on /);
    });

    it('visitor text is quoted as plain text with its addresses defanged, in both parts', async () => {
      const c = await busyChannel(h);
      await c.chat(HOSTILE);
      h.clock.advance(3 * MINUTE);
      await h.app.alerts.sweep();
      await c.offline(HOSTILE);
      await settle();
      assert.equal(c.mails().length, 2);
      for (const mail of c.mails()) {
        assert.match(mail.text, /Win a prize at hxxp:\/\/evil\[\.\]test\/win\?x=1 or www\[\.\]evil\[\.\]test, write to prize@evil\[\.\]test/);
        assert.match(mail.html, /Win a prize at hxxp:\/\/evil\[\.\]test\/win\?x=1 or www\[\.\]evil\[\.\]test, write to prize@evil\[\.\]test/);
        assert.doesNotMatch(mail.text + mail.html, /evil\.test/);
        assert.equal((mail.html.match(/<a /g) ?? []).length, 1, 'the one link is the server’s own, to the console');
        assert.match(mail.html, /<a href="https:\/\/chat\.example\.com\/operator\/#\/conversations\/\d+">/);
      }
    });

    it('two processes on one database send the digest once', async () => {
      const c = await busyChannel(h);
      for (let i = 0; i < 5; i += 1) await c.chat(`parallel ${i}`);
      h.clock.advance(3 * MINUTE);
      await h.app.alerts.sweep();
      await settle();
      assert.equal(c.mails().length, 3);
      toNextHour(h);
      const config = loadConfig({ LIVECHAT_ADMIN_PASSWORD: ADMIN_PASSWORD, NODE_ENV: 'test', ...ENV, ...h.database.env }, rootDir);
      const other = await buildApp({ config, clock: new FakeClock(h.clock.now()) });
      await other.ready();
      try {
        await Promise.all([h.app.alerts.sweep(), other.alerts.sweep(), h.app.alerts.sweep(), other.alerts.sweep()]);
        await settle();
        const digests = c.mails().slice(3);
        assert.deepEqual(digests.map((m) => m.subject), [`2 alerts on ${c.channel.name} not mailed`]);
        assert.match(digests[0]!.text, /: 2 missed chats\.$/m);
      } finally {
        await other.close();
      }
    });
  },
  ENV,
);
