/**
 * Issue 25: a note never reaches a visitor. After a note is written in a live chat and in an offline
 * conversation, every route a visitor can call, the visitor's bus channel and every mail to the visitor
 * (transcript, answer to an offline message) are read back, and none carries it.
 */
import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { BusChannel } from '../../../../src/protocol/livechat.js';
import { POST_NOTE_ROUTE } from '../../../../src/protocol/console/notes.js';
import { CONVERSATION_ROUTE, CONVERSATIONS_ROUTE, REPLY_BY_EMAIL_ROUTE, UPDATE_CHANNEL_ROUTE } from '../../../../src/protocol/console/routes.js';
import { CONVERSATION_STATE_ROUTE } from '../../../../src/protocol/conversation-state.js';
import { OFFLINE_MESSAGE_ROUTE } from '../../../../src/protocol/offline-message.js';
import { CALL_KW_ROUTE, CHAT_HISTORY_ROUTE, CHAT_POST_ROUTE, EARLIER_CONVERSATIONS_ROUTE, EMAIL_TRANSCRIPT_ROUTE, POLL_ROUTE } from '../../../../src/protocol/routes.js';
import { ADMIN_PASSWORD, describeEachEngine, type Harness } from '../../support/harness.js';
import { startMailbox } from '../../support/mailbox.js';

const mailbox = await startMailbox();
after(() => mailbox.close());

const SECRET = 'NOTE-SECRET-7f3a';

/** Every bus notification carrying the secret is on an operator's own channel. */
async function secretOnlyOnOperatorChannels(h: Harness): Promise<void> {
  const rows = await h.app.database.db.selectFrom('bus_notification').select(['channel', 'message']).execute();
  const carrying = rows.filter((r) => r.message.includes(SECRET));
  assert.ok(carrying.length > 0, 'operators were told');
  for (const row of carrying) assert.match(row.channel, /^livechat\.operator\.\d+$/);
}

describeEachEngine(
  'a note never reaches a visitor',
  (h) => {
    it('live chat: not in the history, the state, earlier conversations, the visitor’s poll or bus channel, nor the transcript mail', async () => {
      const { session, cookie } = await h.visitorSession();
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Hello, my order?' });
      await h.call(POST_NOTE_ROUTE, { session_id: session.id, text: `${SECRET} do not tell the visitor` }, { cookie });
      await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'On its way!' }, { cookie });
      await h.app.events.idle();

      const visitorReads: [string, unknown][] = [
        [CHAT_HISTORY_ROUTE, { uuid: session.uuid, limit: 100 }],
        [CONVERSATION_STATE_ROUTE, { uuid: session.uuid }],
        [EARLIER_CONVERSATIONS_ROUTE, { uuid: session.uuid }],
        [POLL_ROUTE, { channels: [session.uuid, BusChannel.session(session.id), 'livechat.operator.1'], last: 0 }],
      ];
      for (const [route, params] of visitorReads) {
        const { body } = await h.rpc(route, params);
        assert.equal(body.error, undefined, route);
        assert.ok(!JSON.stringify(body).includes(SECRET), route);
      }
      const history = await h.call<{ body: string }[]>(CHAT_HISTORY_ROUTE, { uuid: session.uuid, limit: 100 });
      assert.equal(history.length, 2, 'the two messages, no third entry');
      const visitorBus = await h.app.busStore.listNotifications({ channels: [BusChannel.visitor(session.uuid)] });
      assert.ok(visitorBus.length > 0);
      assert.ok(!visitorBus.some((n) => n.message.includes(SECRET)));
      await secretOnlyOnOperatorChannels(h);

      const before = mailbox.mails.length;
      await h.call(EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email: 'visitor@example.org' });
      const [mail] = await mailbox.waitFor(before);
      assert.match(mail!.text, /On its way!/);
      assert.ok(!mail!.text.includes(SECRET) && !mail!.html.includes(SECRET), 'not in the transcript');

      // The console's own view of the messages has none either: notes come from their own route.
      const detail = await h.call<{ messages: unknown[] }>(CONVERSATION_ROUTE, { session_id: session.id }, { cookie });
      assert.ok(!JSON.stringify(detail).includes(SECRET));
      assert.ok(!JSON.stringify(await h.call(CONVERSATIONS_ROUTE, {}, { cookie })).includes(SECRET));
      // Nor the dataset's messages, which the widget cannot call (operator cookie) but reports read.
      const kw = { model: 'mail.message', method: 'search_read', args: [[], ['body', 'res_id']], kwargs: { context: { lang: 'en_US' } } };
      const messages = await h.call<{ body: string }[]>(CALL_KW_ROUTE, kw, { cookie });
      assert.ok(messages.length >= 2 && !JSON.stringify(messages).includes(SECRET));
    });

    it('offline message: the answer mailed to the visitor carries no note', async () => {
      const { channel, operator, password } = await h.channelWithOperator({ online: false });
      const admin = await h.login('admin', ADMIN_PASSWORD);
      await h.call(UPDATE_CHANNEL_ROUTE, { channel_id: channel.id, values: { offline_mode: 'message_form' } }, { cookie: admin });
      const before = mailbox.mails.length;
      await h.call(OFFLINE_MESSAGE_ROUTE, { channel_id: channel.id, name: 'Ann', email: 'ann@example.org', message: 'Where is my parcel?' });
      await mailbox.waitFor(before);
      const cookie = await h.login(operator.login, password);
      const [conversation] = await h.call<{ id: number }[]>(CONVERSATIONS_ROUTE, {}, { cookie });
      await h.call(POST_NOTE_ROUTE, { session_id: conversation!.id, text: `${SECRET} carrier lost it` }, { cookie });
      const sent = mailbox.mails.length;
      await h.call(REPLY_BY_EMAIL_ROUTE, { session_id: conversation!.id, message: 'It ships tomorrow.' }, { cookie });
      const [answer] = await mailbox.waitFor(sent);
      assert.deepEqual(answer!.to, ['ann@example.org']);
      assert.match(answer!.text, /It ships tomorrow\./);
      assert.ok(!answer!.text.includes(SECRET) && !answer!.html.includes(SECRET));
    });
  },
  { SMTP_URL: mailbox.url, RATE_LIMIT_TRANSCRIPT: '1000' },
);
