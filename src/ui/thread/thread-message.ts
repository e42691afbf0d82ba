import { partnerImageUrl, type ChatMessage } from '../../protocol/livechat.js';
import type { UploadRefusal } from '../../state/messages.js';

/** Delivery of the visitor's own message (issue 5: "own-message state"). */
export type DeliveryState = 'sending' | 'sent' | 'failed';

/** Who wrote a message; `null` is "no author" (the visitor, shown as "Visitor" with the smiley). */
export interface ThreadAuthor {
  id: number;
  name: string;
  /** Absolute avatar URL (`/web/partner_image/{id}` on the chat server). */
  avatarUrl?: string;
}

/** An image or file attached to a message. */
export interface ThreadAttachment {
  id: number | string;
  /** File name; empty is shown as "unnamed". */
  name: string;
  mimetype: string;
  /** Absolute URL of the content. */
  url: string;
  /** Size in bytes, when known. */
  size?: number;
  /** A link (`url`) or an uploaded file (PROTOCOL.md §5.3); the viewer previews links only by their address. */
  type?: 'url' | 'file';
}

/** One message as the thread shows it. */
export interface ThreadMessage {
  id: number | string;
  /** Untrusted HTML body. */
  body: string;
  date: Date;
  author: ThreadAuthor | null;
  /** Comments are squashed and get avatars; notifications are centred lines. */
  kind: 'comment' | 'notification';
  /** Written by this visitor: shows the delivery state. */
  own: boolean;
  /** Only for own messages that are not yet confirmed by the server, or failed. */
  delivery?: DeliveryState;
  attachments: readonly ThreadAttachment[];
  /** A file the visitor is sending or could not send (issue 15): its name, the share sent, why it was refused. */
  upload?: { name: string; progress?: number | undefined; refusal?: UploadRefusal | undefined };
  /** An own message an operator has read (issue 15). */
  seen?: boolean;
}

/** Options of {@link toThreadMessage}. */
export interface ToThreadMessageOptions {
  /** Origin of the chat server, for avatar URLs the message does not carry. */
  serverUrl: string;
  /** Whether the visitor wrote the message; default: authorless (`author_id` false or `[0, …]`). */
  isOwn?(message: ChatMessage): boolean;
}

const SERVER_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?$/;

/** A naive UTC server date (PROTOCOL.md §10) as a Date; an unreadable one gives `fallback`. */
export function parseServerDate(value: string, fallback: Date): Date {
  const m = SERVER_DATE.exec(value);
  if (!m) return fallback;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return Number.isNaN(date.getTime()) ? fallback : date;
}

/** Maps a wire message (PROTOCOL.md §5.3) to what the thread shows. */
export function toThreadMessage(message: ChatMessage, options: ToThreadMessageOptions, now: Date = new Date()): ThreadMessage {
  const authorPair = Array.isArray(message.author_id) && message.author_id[0] !== 0 ? message.author_id : null;
  const author: ThreadAuthor | null = authorPair
    ? { id: authorPair[0], name: authorPair[1], avatarUrl: message.author_avatar_url ?? partnerImageUrl(options.serverUrl, authorPair[0]) }
    : null;
  return {
    id: message.id,
    body: typeof message.body === 'string' ? message.body : '',
    date: parseServerDate(message.date, now),
    author,
    kind: message.message_type === 'comment' ? 'comment' : 'notification',
    own: options.isOwn ? options.isOwn(message) : authorPair === null,
    ...(message.seen ? { seen: true } : {}),
    attachments: (message.attachment_ids ?? []).map((a) => ({
      id: a.id,
      name: a.name || a.filename || '',
      mimetype: a.mimetype || 'application/octet-stream',
      url: a.url,
      ...(a.type === 'url' || a.type === 'file' ? { type: a.type } : {}),
      ...(typeof a.file_size === 'number' ? { size: a.file_size } : {}),
    })),
  };
}
