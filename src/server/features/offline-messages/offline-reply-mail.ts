import type { ChannelRow } from '../../core/db/tables.js';
import type { MessageWithRelations } from '../../domain/store/index.js';
import { bodyToText, escapeHtml, serverDate } from '../../domain/conversations/index.js';
import { defang, defangedHtml } from '../../core/mail/defang.js';
import type { OutgoingMail } from '../../core/mail/mailer.js';

/** The answer an operator writes in the console, mailed to the visitor who left an offline message. */
export function offlineReplyMail(input: { to: string; channel: ChannelRow; operatorName: string; answer: string; original: MessageWithRelations | undefined }): OutgoingMail {
  const original = input.original;
  const quote = original ? [`On ${serverDate(original.created_at)} UTC you wrote:`, ...defang(bodyToText(original.body)).split('\n').map((l) => `> ${l}`)] : [];
  const text = [input.answer, '', `${input.operatorName}, ${input.channel.name}`, '', ...quote, ''].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<div>${escapeHtml(input.answer).replace(/\r\n|\r|\n/g, '<br>')}</div>`,
    `<p>${escapeHtml(input.operatorName)}, ${escapeHtml(input.channel.name)}</p>`,
    ...(original
      ? [`<p style="color:#666">On ${escapeHtml(serverDate(original.created_at))} UTC you wrote:</p>`, `<blockquote style="margin:0 0 0 8px;padding-left:8px;border-left:2px solid #ccc">${defangedHtml(bodyToText(original.body))}</blockquote>`]
      : []),
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: `Your message to ${input.channel.name}`, text, html };
}
