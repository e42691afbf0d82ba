/**
 * Issue 25: "Mail me when I'm mentioned". Off unless chosen; on, a note naming the operator sends one mail
 * through the outbox to its alert address, with the note and a link to the conversation.
 */
import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { POST_NOTE_ROUTE } from '../../../../src/protocol/console/notes.js';
import { ALERT_SETTINGS_ROUTE, SET_ALERT_SETTINGS_ROUTE } from '../../../../src/protocol/console/routes.js';
import { describeEachEngine } from '../../support/harness.js';
import { startMailbox } from '../../support/mailbox.js';

const mailbox = await startMailbox();
after(() => mailbox.close());

describeEachEngine(
  'mention mails',
  (h) => {
    it('mails a mentioned operator who asked for it, once per note, and nobody else', async () => {
      const { session, cookie, channel } = await h.visitorSession({ name: 'Alice Agent' });
      const tag = String(channel.id);
      const bob = await h.app.store.createOperator({ login: `bob-${tag}`, display_name: 'Bob', email: `bob-${tag}@example.com`, password: 'pw-bob-123' });
      const carol = await h.app.store.createOperator({ login: `carol-${tag}`, display_name: 'Carol', email: `carol-${tag}@example.com`, password: 'pw-carol-123' });
      for (const o of [bob, carol]) await h.app.store.addChannelOperator(channel.id, o.id);
      const bobCookie = await h.login(bob.login, 'pw-bob-123');
      assert.equal((await h.call<{ notify_mention: boolean }>(ALERT_SETTINGS_ROUTE, {}, { cookie: bobCookie })).notify_mention, false, 'off by default');
      const set = { email: 'bob.alerts@example.org', notify_missed_chat: false, notify_offline_message: false, notify_mention: true };
      assert.equal((await h.call<{ notify_mention: boolean }>(SET_ALERT_SETTINGS_ROUTE, set, { cookie: bobCookie })).notify_mention, true);
      const { notify_mention: _left, ...older } = set;
      assert.equal((await h.call<{ notify_mention: boolean }>(SET_ALERT_SETTINGS_ROUTE, older, { cookie: bobCookie })).notify_mention, true, 'a client without the field keeps it');
      const bad = await h.rpc(SET_ALERT_SETTINGS_ROUTE, { ...set, notify_mention: 'yes' }, { cookie: bobCookie });
      assert.equal(bad.body.error?.data.exception_type, 'validation_error');

      const before = mailbox.mails.length;
      await h.call(POST_NOTE_ROUTE, { session_id: session.id, text: '@Bob and @Carol: see http://evil.test/x' }, { cookie });
      await h.app.events.idle();
      const [mail, ...more] = await mailbox.waitFor(before);
      assert.deepEqual(mail!.to, ['bob.alerts@example.org']);
      assert.match(mail!.subject, /^Alice Agent mentioned you in a note on Channel \w+: Visitor/);
      assert.match(mail!.text, /@Bob and @Carol: see hxxp:\/\/evil\[\.\]test\/x/);
      assert.match(mail!.text, new RegExp(`/operator/#/conversations/${session.id}`));
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(more.length + mailbox.mails.length - before - 1, 0, 'Carol did not ask for it');
    });
  },
  { SMTP_URL: mailbox.url },
);
