import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startSmtpCapture } from '../../../support/smtp-capture.js';
import { describeEachEngine } from '../../support/harness.js';
import { CHAT_POST_ROUTE, EMAIL_TRANSCRIPT_ROUTE } from '../../../../src/protocol/routes.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

// A real SMTP server on a free local port; each accepted mail is kept with its envelope.
const received: Received[] = [];
let refuseNext = false;
const smtp = await startSmtpCapture((mail) => {
  if (refuseNext) {
    refuseNext = false;
    return new Error('mailbox unavailable');
  }
  received.push({ from: mail.from, to: mail.to, raw: mail.raw.toString('utf8') });
});
const smtpPort = smtp.port;
after(() => smtp.close());

/** Undoes quoted-printable soft breaks and escapes enough to search the mail text. */
function decoded(raw: string): string {
  return raw.replace(/\r\n/g, '\n').replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

describeEachEngine(
  'transcript by SMTP',
  (h) => {
    it('sends every message with its author and time to a real SMTP server', async () => {
      const { session, cookie } = await h.visitorSession({ name: 'Olivia Ops' });
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'I need <help> & more' });
      h.clock.advance(60_000);
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'Sure, here it is.' }, { cookie });
      const before = received.length;
      const { body } = await h.rpc(EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email: 'mailto:visitor@example.org' });
      assert.equal(body.error, undefined, JSON.stringify(body.error));
      assert.equal('result' in body, false);
      assert.equal(received.length, before + 1);
      const mail = received.at(-1)!;
      assert.deepEqual(mail.to, ['visitor@example.org']);
      assert.equal(mail.from, 'chat@shop.example');
      const text = decoded(mail.raw);
      assert.match(text, /^Subject: Conversation with Olivia Ops$/m);
      assert.match(text, /^From: Shop chat <chat@shop\.example>$/m);
      assert.match(text, /You - 2024-05-11 14:03:27 UTC\nI need <help> & more/);
      assert.match(text, /Olivia Ops - 2024-05-11 14:04:27 UTC\nSure, here it is\./);
      assert.ok(text.includes('I need &lt;help&gt; &amp; more'), 'the HTML part keeps the visitor text escaped');
    });

    it('keeps an operator name with line breaks on one subject line', async () => {
      const { session, cookie } = await h.visitorSession({ name: 'Eve\r\nBcc: victim@example.com' });
      await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'hi' });
      await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'hello' }, { cookie });
      await h.call(EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email: 'v@example.org' });
      const mail = received.at(-1)!;
      assert.deepEqual(mail.to, ['v@example.org']);
      const headers = mail.raw.split('\r\n\r\n')[0]!;
      assert.match(headers, /^Subject: Conversation with Eve Bcc: victim@example\.com$/m);
      assert.doesNotMatch(headers, /^Bcc:/m);
    });

    it('refuses an invalid address with the widget message and sends nothing', async () => {
      const { session } = await h.visitorSession();
      const before = received.length;
      for (const email of ['not-an-email', 'a@b.c', 'x@y.com\r\nBcc: victim@example.com', 42]) {
        const { body } = await h.rpc(EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email });
        assert.equal(body.error?.data.message, 'Invalid email address', JSON.stringify(email));
      }
      assert.equal(received.length, before);
    });

    it('answers the same error for unknown and malformed sessions', async () => {
      const unknown = await h.rpc(EMAIL_TRANSCRIPT_ROUTE, { uuid: '00000000-0000-4000-8000-000000000000', email: 'v@example.org' });
      const malformed = await h.rpc(EMAIL_TRANSCRIPT_ROUTE, { uuid: ['x'], email: 'v@example.org' });
      assert.equal(unknown.body.error?.data.message, 'This conversation does not exist');
      assert.deepEqual(malformed.body.error, unknown.body.error);
    });

    it('reports a refused delivery as an error the widget can show', async () => {
      const { session, cookie } = await h.visitorSession();
      await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'hello' }, { cookie });
      refuseNext = true;
      const { body } = await h.rpc(EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email: 'v@example.org' });
      assert.equal(body.error?.data.message, 'The conversation could not be sent');
    });
  },
  { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Shop chat <chat@shop.example>', RATE_LIMIT_TRANSCRIPT: '1000' },
);

describeEachEngine('transcript without SMTP_URL', (h) => {
  it('writes the mail as an .eml file under DATA_DIR/outbox/', async () => {
    const { session, cookie } = await h.visitorSession();
    await h.call(CHAT_POST_ROUTE, { uuid: session.uuid, message_content: 'keep this' });
    await h.call(CHAT_POST_ROUTE, { session_id: session.id, message_content: 'kept' }, { cookie });
    await h.call(EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email: 'v@example.org' });
    const outbox = path.join(h.database.env.DATA_DIR!, 'outbox');
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    assert.equal(files.length, 1);
    const eml = fs.readFileSync(path.join(outbox, files[0]!), 'utf8');
    assert.match(eml, /^To: v@example\.org$/m);
    assert.match(decoded(eml), /keep this/);
  });
});

describeEachEngine('transcript rate limit', (h) => {
  it('allows 5 transcripts a minute per IP, then answers a JSON-RPC error', async () => {
    for (let i = 0; i < 5; i += 1) {
      const { session } = await h.visitorSession();
      // Unanswered conversations: the error answers count all the same.
      await h.rpc(EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email: `v${i}@example.org` });
    }
    const { session } = await h.visitorSession();
    const sixth = await h.rpc(EMAIL_TRANSCRIPT_ROUTE, { uuid: session.uuid, email: 'other@example.org' });
    assert.equal(sixth.res.statusCode, 429);
    assert.ok(Number(sixth.res.headers['retry-after']) > 0);
    assert.match(sixth.body.error?.data.message ?? '', /Too many requests/);
  });
});
