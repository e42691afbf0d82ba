/**
 * The thread's message list as pure functions (SPEC.md §4 "Messages"): a message id is never added
 * twice, the welcome message opens new sessions, and the visitor's own posts carry a delivery state.
 */
import { escapeHtml } from '../protocol/html-escape.js';
import type { ChatMessage, Many2one } from '../protocol/livechat.js';

/** Where the visitor's own post stands. Messages from others have none. */
export type Delivery = 'sending' | 'sent' | 'failed';

/** A message as the thread shows it. */
export interface ThreadMessage extends ChatMessage {
  /** Set on the visitor's own posts only. */
  delivery?: Delivery;
  /** The text the visitor typed, kept to retry a failed post. */
  draft?: string;
  /** The post's idempotency key, the same for every attempt (see POST_KEY_PARAM). */
  postKey?: string;
  /** The visitor's file being sent, kept to retry a failed upload (issue 15). */
  file?: File;
  /** How much of {@link file} has reached the server, 0 to 1, while sending. */
  progress?: number;
  /** Why the file was refused for good: too large, of a type the channel refuses, or the conversation is full. */
  refusal?: UploadRefusal;
}

/** A refusal no retry can change; `maxBytes` is the limit a too-large file passed. */
export type UploadRefusal = { reason: 'size'; maxBytes: number } | { reason: 'type' | 'full' | 'pixels' };

/** A fresh post key: 128 random bits as hex (getRandomValues also works on plain-HTTP pages). */
export function newPostKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Id of the client-only welcome message (PROTOCOL.md §6.2). */
export const WELCOME_ID = '_welcome';

/** Formats a Date as the server's naive UTC `YYYY-MM-DD HH:MM:SS`. */
export function toServerDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** A comment the widget writes itself, before or without the server: the welcome, a pending post. */
function localComment(id: string, body: string, author: Many2one, channelId: number, now: number): ThreadMessage {
  return {
    id,
    body,
    date: toServerDate(now),
    author_id: author,
    message_type: 'comment',
    attachment_ids: [],
    channel_ids: [channelId],
    is_discussion: true,
    is_notification: false,
  };
}

/** The welcome message: the default message, authored by the operator, never sent to the server. */
export function welcomeMessage(body: string, operator: Many2one, channelId: number, now: number): ThreadMessage {
  return localComment(WELCOME_ID, escapeHtml(body), operator, channelId, now);
}

/** A pending post, shown at once with the `sending` state. */
export function pendingMessage(localId: string, text: string, visitorName: string, channelId: number, now: number, postKey = newPostKey()): ThreadMessage {
  const body = `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  return { ...localComment(localId, body, [0, visitorName], channelId, now), postKey, delivery: 'sending', draft: text };
}

/** An operator read the conversation up to `upTo` (issue 15): the visitor's messages up to it are `seen`. */
export function markSeen(list: readonly ThreadMessage[], upTo: number): readonly ThreadMessage[] {
  return list.map((m) => (typeof m.id === 'number' && m.id <= upTo && isVisitorMessage(m) ? { ...m, seen: true } : m));
}

/** True when a message is the anonymous visitor's own (PROTOCOL.md §5.3: author id 0 or none). */
export function isVisitorMessage(m: ChatMessage): boolean {
  return m.author_id === false || m.author_id[0] === 0;
}

/** True for anything but the welcome message. */
export function isRealMessage(m: ChatMessage): boolean {
  return m.id !== WELCOME_ID;
}

/** Whether a server message is new for this list. */
export function hasMessage(list: readonly ThreadMessage[], id: ChatMessage['id']): boolean {
  return list.some((m) => m.id === id);
}

/** Appends a message unless its id is already present (SPEC.md §5). */
export function addMessage(list: readonly ThreadMessage[], message: ChatMessage): readonly ThreadMessage[] {
  return hasMessage(list, message.id) ? list : [...list, message];
}

/** Replaces the entry with `id` by `patch` applied to it. */
export function updateMessage(list: readonly ThreadMessage[], id: ChatMessage['id'], patch: Partial<ThreadMessage>): readonly ThreadMessage[] {
  return list.map((m) => (m.id === id ? { ...m, ...patch } : m));
}

/** Removes the entry with `id`. */
export function removeMessage(list: readonly ThreadMessage[], id: ChatMessage['id']): readonly ThreadMessage[] {
  return list.filter((m) => m.id !== id);
}

/**
 * A post was accepted as `serverId`. If the bus already delivered that message, the pending copy goes;
 * otherwise the pending copy takes the server id, so the bus copy that follows is recognised.
 */
export function confirmPending(list: readonly ThreadMessage[], localId: string, serverId: number): readonly ThreadMessage[] {
  if (hasMessage(list, serverId)) {
    return updateMessage(removeMessage(list, localId), serverId, { delivery: 'sent' });
  }
  return updateMessage(list, localId, { id: serverId, delivery: 'sent' });
}

/**
 * A bus message arrived. Unknown ids are appended; a known id that is the visitor's confirmed post takes
 * the server's rendering (its HTML body, links, date) and keeps its place and `sent` state.
 */
export function receiveMessage(list: readonly ThreadMessage[], message: ChatMessage): { list: readonly ThreadMessage[]; added: boolean } {
  // The announcement of the visitor's own post can come before the post's answer (always so when that
  // answer was lost and the post is being retried): its key names the pending copy it replaces.
  const { post_key: key, ...shown } = message;
  const pending = key === undefined ? undefined : list.find((m) => m.postKey === key && m.delivery !== 'sent');
  if (pending && !hasMessage(list, message.id)) return { list: updateMessage(list, pending.id, { ...shown, delivery: 'sent', draft: undefined }), added: false };
  message = shown;
  const existing = list.find((m) => m.id === message.id);
  if (!existing) return { list: [...list, message], added: true };
  if (existing.delivery) return { list: updateMessage(list, message.id, { ...message, delivery: existing.delivery, draft: undefined }), added: false };
  return { list, added: false };
}

/** History arrives newest first (PROTOCOL.md §3.4); the thread wants oldest first, without duplicates. */
export function fromHistory(history: readonly ChatMessage[]): readonly ThreadMessage[] {
  let list: readonly ThreadMessage[] = [];
  for (const m of [...history].reverse()) list = addMessage(list, m);
  return list;
}
