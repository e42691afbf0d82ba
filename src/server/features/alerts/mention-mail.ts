/**
 * "Mail me when I'm mentioned" (issue 25): an operator named in a colleague's internal note gets a mail,
 * when its alert settings say so (off unless chosen). Alerts listen to `note.mentioned`; they never call
 * the notes feature, nor it them. The mail goes through the outbox, so a refused one is tried again.
 */
import type { FastifyInstance } from 'fastify';
import { visitorLabel } from '../../../protocol/visitor-label.js';
import { escapeHtml } from '../../domain/conversations/index.js';
import { defang, defangedHtml } from '../../core/mail/defang.js';
import type { OutgoingMail } from '../../core/mail/mailer.js';
import { ALERT_LIMITS } from './alert-service.js';

/** The outbox topic of mention mails; the payload is the mail itself. */
export const MENTION_MAIL_TOPIC = 'mention-mail';
/** Mention mails one operator receives in a clock hour at most; the console's notices still tell of the rest. */
export const MENTION_MAILS_PER_HOUR = 20;
const HOUR = 3_600_000;

/** What a mention mail says. */
export interface MentionMailInput {
  to: string;
  authorName: string;
  channelName: string;
  visitor: string;
  /** The note, as its author typed it (it may quote the visitor: addresses are defanged). */
  text: string;
  link: string;
}

/** "<author> mentioned you in a note on <channel>": the note and a link to the conversation. */
export function mentionMail(input: MentionMailInput): OutgoingMail {
  const title = `${input.authorName} mentioned you in a note on ${input.channelName}`;
  const lead = `In the conversation with ${defang(input.visitor)}:`;
  return {
    to: input.to,
    subject: `${title}: ${defang(input.visitor)}`,
    text: [title, '', lead, defang(input.text), '', `Open the conversation: ${input.link}`, ''].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family:sans-serif">',
      `<h1 style="font-size:18px">${escapeHtml(title)}</h1>`,
      `<p>${escapeHtml(lead)}</p>`,
      `<blockquote style="white-space:pre-wrap">${defangedHtml(input.text)}</blockquote>`,
      `<p><a href="${escapeHtml(input.link)}">Open the conversation</a></p>`,
      '</body></html>',
    ].join('\n'),
  };
}

/** Listens to `note.mentioned` and mails the operators who asked for it, through the outbox. */
export function mentionMails(app: FastifyInstance, conversationLink: (sessionId: number) => string): void {
  app.outbox.handle(MENTION_MAIL_TOPIC, async (payload) => void (await app.mailer.send(payload as OutgoingMail)), ALERT_LIMITS.retry);
  app.events.on('note.mentioned', async ({ sessionId, channelId, noteId, authorName, mentionedId, text }) => {
    const settings = await app.alertStore.settings(mentionedId);
    const operator = await app.store.getOperator(mentionedId);
    if (!settings?.email || !settings.notify_mention || !operator || operator.archived_at !== null) return;
    const [session, channel] = [await app.store.getVisitorSession(sessionId), await app.store.getChannel(channelId)];
    if (!session || !channel) return;
    const now = app.clock.now();
    const hourStart = now - (now % HOUR);
    const sent = await app.limits.counters.hit(`mention-mails:operator:${mentionedId}:${hourStart}`, hourStart + HOUR - now, now);
    if (sent.count > MENTION_MAILS_PER_HOUR) {
      app.log.info({ operator: mentionedId, note: noteId }, 'mention mail not sent: the operator reached its hourly cap');
      return;
    }
    const mail = mentionMail({ to: settings.email, authorName, channelName: channel.name, visitor: visitorLabel(session), text, link: conversationLink(sessionId) });
    await app.outbox.enqueue(MENTION_MAIL_TOPIC, `${MENTION_MAIL_TOPIC}:${noteId}:${mentionedId}`, mail);
  });
}
