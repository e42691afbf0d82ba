/**
 * The mails operators receive about conversations that need them (issue 14): a missed chat and a new
 * offline message. English, like the transcript; every value from a visitor is quoted as plain text with its
 * addresses defanged (mail/defang.ts: no link an attacker wrote reaches an inbox clickable), escaped in
 * the HTML part and kept off header lines by the mailer. The visitor is named as in the console
 * (protocol/visitor-label.ts), so the mail and the conversation list agree on who wrote.
 */
import type { ChannelRow, VisitorSessionRow } from '../../core/db/tables.js';
import type { MessageWithRelations } from '../../domain/store/index.js';
import { bodyToText, escapeHtml, serverDate } from '../../domain/conversations/index.js';
import { defang, defangedHtml } from '../../core/mail/defang.js';
import type { OutgoingMail } from '../../core/mail/mailer.js';
import { visitorLabel } from '../../../protocol/visitor-label.js';

/** Visitor messages quoted in a missed-chat mail, first ones first. */
export const MISSED_CHAT_QUOTED_MESSAGES = 5;

/** What an alert mail is about. */
export interface AlertMailInput {
  to: readonly string[];
  channel: ChannelRow;
  session: VisitorSessionRow;
  /** The conversation's messages, oldest first. */
  messages: readonly MessageWithRelations[];
  /** Where the conversation opens in the operator console. */
  link: string;
}

function quoted(messages: readonly MessageWithRelations[]): { text: string[]; html: string[] } {
  return {
    text: messages.flatMap((m) => [`${serverDate(m.created_at)} UTC`, defang(bodyToText(m.body)), '']),
    html: messages.map((m) => `<div style="margin:12px 0"><div style="color:#666">${escapeHtml(serverDate(m.created_at))} UTC</div><div>${defangedHtml(bodyToText(m.body))}</div></div>`),
  };
}

function page(title: string, lead: string, quotes: string[], link: string, linkText = 'Open the conversation'): string {
  return [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1>`,
    `<p>${lead}</p>`,
    ...quotes,
    `<p><a href="${escapeHtml(link)}">${linkText}</a></p>`,
    '</body></html>',
  ].join('\n');
}

/** "Missed chat": nobody answered within the channel's delay; the visitor's first messages and a link. */
export function missedChatMail(input: AlertMailInput): OutgoingMail {
  const visitorMessages = input.messages.filter((m) => m.author_operator_id === null && m.message_type === 'comment').slice(0, MISSED_CHAT_QUOTED_MESSAGES);
  const minutes = Math.round((input.channel.missed_after_seconds / 60) * 10) / 10;
  const waited = input.channel.missed_after_seconds < 60 ? `${input.channel.missed_after_seconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const who = defang(visitorLabel(input.session));
  const title = `Missed chat on ${input.channel.name}`;
  const lead = `${who} wrote on ${input.channel.name} and nobody answered within ${waited}.`;
  const q = quoted(visitorMessages);
  return {
    to: input.to,
    subject: `${title}: ${who}`,
    text: [lead, '', ...q.text, `Open the conversation: ${input.link}`, ''].join('\n'),
    html: page(title, escapeHtml(lead), q.html, input.link),
  };
}

/** "New message": a visitor left a message while nobody was online; it is answered by e-mail from the console. */
export function offlineMessageMail(input: AlertMailInput): OutgoingMail {
  const who = defang(visitorLabel(input.session));
  const address = input.session.email ?? '';
  const title = `New message on ${input.channel.name}`;
  const lead = `${who} <${address}> left a message while nobody was online. Answer it from the console: the answer is e-mailed to them.`;
  const q = quoted(input.messages.filter((m) => m.author_operator_id === null));
  return {
    to: input.to,
    subject: `${title} from ${who}`,
    text: [lead, '', ...q.text, `Open the conversation: ${input.link}`, ''].join('\n'),
    html: page(title, escapeHtml(lead), q.html, input.link),
  };
}

/** What a digest reports: the alerts of a channel that the hourly cap kept from being mailed. */
export interface DigestInput {
  to: readonly string[];
  channel: ChannelRow;
  missedChats: number;
  offlineMessages: number;
  /** The hour (or hours, after an outage) the left-out alerts fall in. */
  from: number;
  until: number;
  perHour: number;
  /** The operator console. */
  link: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The one mail an hour that stands for the alerts past the channel's hourly cap. */
export function alertDigestMail(input: DigestInput): OutgoingMail {
  const total = input.missedChats + input.offlineMessages;
  const hours = `${serverDate(input.from).slice(0, 16)} and ${serverDate(input.until).slice(11, 16)} UTC`;
  const parts = [input.missedChats > 0 ? plural(input.missedChats, 'missed chat') : '', input.offlineMessages > 0 ? plural(input.offlineMessages, 'offline message') : ''].filter((p) => p !== '');
  const lead = `${plural(total, 'more alert')} on ${input.channel.name} between ${hours} were not mailed: ${parts.join(', ')}.`;
  const why = `A channel sends at most ${input.perHour} alert mails an hour; the conversations wait in the console.`;
  return {
    to: input.to,
    subject: `${plural(total, 'alert')} on ${input.channel.name} not mailed`,
    text: [lead, why, '', `Open the console: ${input.link}`, ''].join('\n'),
    html: page(`Alerts on ${input.channel.name} not mailed`, `${escapeHtml(lead)}<br>${escapeHtml(why)}`, [], input.link, 'Open the console'),
  };
}
