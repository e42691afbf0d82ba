import type { ChannelRow, VisitorSessionRow } from '../../core/db/tables.js';
import type { MessageWithRelations } from '../../domain/store/index.js';
import { bodyToText, escapeHtml, serverDate } from '../../domain/conversations/index.js';
import type { OutgoingMail } from '../../core/mail/mailer.js';
import { defang, defangedHtml } from '../../core/mail/defang.js';

/** Bounds of one transcript and of how often it may be sent (README "Security"). */
export const TRANSCRIPT_LIMITS = {
  /** The newest messages of the conversation that are mailed. */
  messages: 200,
  /** Most characters of message text in one mail; older messages are left out first. */
  textChars: 100_000,
  /** How long after the conversation ended it may still be mailed. */
  afterCloseMs: 3600_000,
  perSessionPerDay: 2,
  /** Keyed on the comparable address (no `+tag`, lower case), so tags do not multiply it. */
  perRecipientPerDay: 5,
} as const;

const CUT_NOTE = '(Earlier messages are not included.)';

/** The newest messages whose bodies fit in {@link TRANSCRIPT_LIMITS.textChars}, in date order. */
function newestThatFit(messages: MessageWithRelations[]): MessageWithRelations[] {
  const newestFirst = [...messages].sort((a, b) => b.created_at - a.created_at || b.id - a.id);
  const kept: MessageWithRelations[] = [];
  let chars = 0;
  for (const m of newestFirst) {
    chars += m.body.length;
    if (chars > TRANSCRIPT_LIMITS.textChars) break;
    kept.push(m);
  }
  return kept.reverse();
}

/**
 * The transcript mail (PROTOCOL.md §3.9): subject "Conversation with <operator>", then every message in
 * date order with its author ("You" for the visitor) and UTC time, as text and as HTML. The visitor may
 * send it to any address, so what the visitor wrote is quoted as plain text with its addresses defanged:
 * the mail never carries a visitor's link clickable under the server's name.
 */
export function buildTranscript(input: {
  to: string;
  channel: ChannelRow;
  session: VisitorSessionRow;
  operatorName: string;
  messages: MessageWithRelations[];
}): OutgoingMail {
  const ordered = newestThatFit(input.messages);
  const cut = ordered.length < input.messages.length || input.messages.length >= TRANSCRIPT_LIMITS.messages;
  const author = (m: MessageWithRelations) => (m.author_operator_id === null ? 'You' : (m.author_name ?? input.operatorName));
  const when = (m: MessageWithRelations) => `${serverDate(m.created_at)} UTC`;
  const text = [
    `Conversation with ${input.operatorName} (${input.channel.name})`,
    '',
    ...(cut ? [CUT_NOTE, ''] : []),
    ...ordered.flatMap((m) => [`${author(m)} - ${when(m)}`, m.author_operator_id === null ? defang(bodyToText(m.body)) : bodyToText(m.body), '']),
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">Conversation with ${escapeHtml(input.operatorName)}</h1>`,
    ...(cut ? [`<p style="color:#666">${CUT_NOTE}</p>`] : []),
    ...ordered.map(
      (m) =>
        `<div style="margin:12px 0"><div><strong>${escapeHtml(author(m))}</strong> <span style="color:#666">${escapeHtml(when(m))}</span></div><div>${m.author_operator_id === null ? defangedHtml(bodyToText(m.body)) : m.body}</div></div>`,
    ),
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: `Conversation with ${input.operatorName}`, text, html };
}
