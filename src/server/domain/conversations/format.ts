import { escapeHtml } from '../../../protocol/html-escape.js';
import { CONTENT_PATH, PARTNER_IMAGE_PATH } from '../../../protocol/routes.js';
import type { Urls } from '../../core/http/urls.js';
import type { Static } from 'typebox';
import type { LivechatSessionSchema } from './livechat-schemas.js';
import type { ChatMessageSchema, MessageAttachmentSchema } from '../../../protocol/schemas/livechat.js';
import type { AttachmentRow, OperatorRow, VisitorSessionRow } from '../../core/db/tables.js';
import type { MessageWithRelations } from './message-types.js';
import { attachmentAccessToken } from '../attachments/access.js';

export { escapeHtml } from '../../../protocol/html-escape.js';

const URL_IN_ESCAPED_TEXT = /\b(?:https?|ftp):\/\/[^\s<>]+?(?=[.,;:!?)]*(?:\s|<|$))/g;

/**
 * Turns a visitor's plain text into the HTML body of PROTOCOL.md §3.5: escaped, links made clickable,
 * line breaks as `<br/>`, blank lines as paragraph breaks. Escaping comes first, so no markup the
 * visitor typed can survive.
 */
export function plainTextToHtml(text: string): string {
  const escaped = escapeHtml(text).replace(URL_IN_ESCAPED_TEXT, (url) => `<a href="${url}" target="_blank" rel="noreferrer noopener">${url}</a>`);
  const withBreaks = escaped.replace(/\r\n|\r|\n/g, '<br/>');
  const paragraphs = withBreaks.split(/(?:<br\/>){2,}/);
  return paragraphs.map((p) => `<p>${p}</p>`).join('');
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, the wire date format of PROTOCOL.md §10. */
export function serverDate(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19);
}

/** The wire shapes as the route schemas declare them (assignable to protocol/livechat.ts's types). */
export type WireAttachment = Static<typeof MessageAttachmentSchema>;
export type WireMessage = Static<typeof ChatMessageSchema>;
export type WireSession = Static<typeof LivechatSessionSchema>;

export type { Urls } from '../../core/http/urls.js';

/** The wire form of an attachment: an absolute download URL from its random public id and the session's access token. */
export function attachmentToWire(a: AttachmentRow, urls: Urls, sessionUuid: string): WireAttachment {
  return {
    id: a.public_id,
    name: a.name,
    filename: a.name,
    mimetype: a.mimetype,
    type: a.type,
    url: a.type === 'url' && a.url ? a.url : `${urls.base}${CONTENT_PATH}/${a.public_id}?download=true&access_token=${attachmentAccessToken(a.public_id, sessionUuid)}`,
    file_size: a.file_size,
  };
}

/** The message object of PROTOCOL.md §5.3; an authorless message reads `[0, <anonymous name>]`. */
export function messageToWire(m: MessageWithRelations, session: VisitorSessionRow, urls: Urls): WireMessage {
  const byOperator = m.author_operator_id !== null;
  return {
    id: m.id,
    body: m.body,
    date: serverDate(m.created_at),
    author_id: byOperator ? [m.author_operator_id as number, m.author_name ?? ''] : [0, session.anonymous_name],
    email_from: byOperator ? false : session.anonymous_name,
    message_type: m.message_type,
    attachment_ids: m.attachments.map((a) => attachmentToWire(a, urls, session.uuid)),
    channel_ids: [session.id],
    is_discussion: m.message_type === 'comment',
    is_notification: m.message_type === 'user_notification',
    author_avatar_url: `${urls.base}${PARTNER_IMAGE_PATH}/${byOperator ? m.author_operator_id : 0}`,
  };
}

/** Session data for the widget (SPEC.md §3): no e-mail address or other operator detail leaks. */
export function sessionToWire(session: VisitorSessionRow, operator: Pick<OperatorRow, 'id' | 'display_name'>): WireSession {
  return {
    id: session.id,
    uuid: session.uuid,
    name: session.name,
    operator_pid: [operator.id, operator.display_name],
    state: 'open',
    folded: false,
    message_unread_counter: 0,
  };
}

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
