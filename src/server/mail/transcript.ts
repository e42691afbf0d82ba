import type { ChannelRow, VisitorSessionRow } from '../store/schema.js';
import type { MessageWithRelations } from '../store/store.js';
import { escapeHtml, serverDate } from '../livechat/format.js';
import type { OutgoingMail } from './mailer.js';

/** Plain text of a message body we generated (escaped text with `<br/>`, `<p>` and links). */
export function bodyToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * The transcript mail (PROTOCOL.md §3.9): subject "Conversation with <operator>", then every message in
 * date order with its author ("You" for the visitor) and UTC time, as text and as HTML.
 */
export function buildTranscript(input: {
  to: string;
  channel: ChannelRow;
  session: VisitorSessionRow;
  operatorName: string;
  messages: MessageWithRelations[];
}): OutgoingMail {
  const ordered = [...input.messages].sort((a, b) => a.created_at - b.created_at || a.id - b.id);
  const author = (m: MessageWithRelations) => (m.author_operator_id === null ? 'You' : (m.author_name ?? input.operatorName));
  const when = (m: MessageWithRelations) => `${serverDate(m.created_at)} UTC`;
  const text = [
    `Conversation with ${input.operatorName} (${input.channel.name})`,
    '',
    ...ordered.flatMap((m) => [`${author(m)} - ${when(m)}`, bodyToText(m.body), '']),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">Conversation with ${escapeHtml(input.operatorName)}</h1>`,
    ...ordered.map(
      (m) =>
        `<div style="margin:12px 0"><div><strong>${escapeHtml(author(m))}</strong> <span style="color:#666">${escapeHtml(when(m))}</span></div><div>${m.body}</div></div>`,
    ),
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: `Conversation with ${input.operatorName}`, text, html };
}
