/**
 * Bus payloads (PROTOCOL.md §5) decoded once, for the widget and the console alike. The wire shapes carry
 * no common tag (a message is recognised by its fields), so each payload is read into a tagged union
 * whose fields are checked: code past the decoder never casts.
 */
import { RATES, type ChatMessage, type Many2one, type Rate } from './livechat.js';
import type { ConversationRating, NewSessionPayload } from './operator-console.js';
import { CONVERSATION_STATUSES, type ConversationStatus } from './conversation-status.js';
import { queuePlaceOf, type QueuePlace } from './queue.js';

/** A decoded bus payload; `other` is anything this version does not act on. */
export type BusPayload =
  | { kind: 'history_command' }
  | { kind: 'typing_status'; partnerId: number | undefined; isTyping: boolean; fromVisitor: boolean }
  | { kind: 'session_closed' }
  | { kind: 'new_session'; session: NewSessionPayload['session'] }
  | { kind: 'transient_message'; sessionId: number; pages: string[] }
  | { kind: 'session_rated'; sessionId: number; rating: ConversationRating }
  | { kind: 'channel_seen'; lastMessageId: number }
  | { kind: 'message'; message: ChatMessage }
  | { kind: 'visitor_updated'; sessionId: number }
  | { kind: 'conversation_status'; sessionId: number; status: ConversationStatus; snoozedUntil: number | null }
  | { kind: 'operator_changed'; operator: Many2one }
  | { kind: 'queue_position'; place: QueuePlace }
  | { kind: 'queue_left'; operatorPid: [number, string] }
  | { kind: 'other' };

const OTHER: BusPayload = { kind: 'other' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** An untrusted `operator_pid` as `[id, name]`, or nothing. */
function operatorPidOf(pid: unknown): [number, string] | undefined {
  return Array.isArray(pid) && typeof pid[0] === 'number' && typeof pid[1] === 'string' ? [pid[0], pid[1]] : undefined;
}

/** Reads an untrusted bus or history payload as a message, or nothing. */
export function decodeChatMessage(value: unknown): ChatMessage | undefined {
  if (!isRecord(value)) return undefined;
  const v = value;
  if ((typeof v.id !== 'number' && typeof v.id !== 'string') || typeof v.body !== 'string') return undefined;
  const author = Array.isArray(v.author_id) && typeof v.author_id[0] === 'number' && typeof v.author_id[1] === 'string' ? (v.author_id as Many2one) : false;
  return {
    id: v.id,
    body: v.body,
    date: typeof v.date === 'string' ? v.date : '',
    author_id: author,
    email_from: typeof v.email_from === 'string' ? v.email_from : false,
    message_type: v.message_type === 'notification' || v.message_type === 'user_notification' ? v.message_type : 'comment',
    attachment_ids: Array.isArray(v.attachment_ids) ? (v.attachment_ids as ChatMessage['attachment_ids']) : [],
    channel_ids: Array.isArray(v.channel_ids) ? (v.channel_ids as number[]) : [],
    is_discussion: v.is_discussion !== false,
    is_notification: v.is_notification === true,
    ...(typeof v.author_avatar_url === 'string' ? { author_avatar_url: v.author_avatar_url } : {}),
    ...(typeof v.post_key === 'string' ? { post_key: v.post_key } : {}),
    ...(v.seen === true ? { seen: true as const } : {}),
  };
}

function decodeInfo(p: Record<string, unknown>): BusPayload | undefined {
  switch (p.info) {
    case 'typing_status':
      return { kind: 'typing_status', partnerId: typeof p.partner_id === 'number' ? p.partner_id : undefined, isTyping: p.is_typing === true, fromVisitor: Boolean(p.is_website_user) };
    case 'session_closed':
      return { kind: 'session_closed' };
    case 'channel_seen':
      return typeof p.last_message_id === 'number' ? { kind: 'channel_seen', lastMessageId: p.last_message_id } : OTHER;
    case 'new_session':
      return isRecord(p.session) ? { kind: 'new_session', session: p.session as NewSessionPayload['session'] } : OTHER;
    case 'transient_message': {
      const sessionId = Array.isArray(p.channel_ids) ? p.channel_ids[0] : undefined;
      if (typeof sessionId !== 'number' || !Array.isArray(p.pages)) return OTHER;
      return { kind: 'transient_message', sessionId, pages: p.pages.filter((x): x is string => typeof x === 'string') };
    }
    case 'session_rated': {
      const rate = RATES.find((r) => r === p.rate);
      if (typeof p.session_id !== 'number' || rate === undefined || typeof p.reason !== 'string') return OTHER;
      return { kind: 'session_rated', sessionId: p.session_id, rating: { rate: rate satisfies Rate, reason: p.reason } };
    }
    case 'visitor_updated':
      return typeof p.session_id === 'number' ? { kind: 'visitor_updated', sessionId: p.session_id } : OTHER;
    case 'conversation_status': {
      const status = CONVERSATION_STATUSES.find((s) => s === p.status);
      if (typeof p.session_id !== 'number' || status === undefined) return OTHER;
      return { kind: 'conversation_status', sessionId: p.session_id, status, snoozedUntil: typeof p.snoozed_until === 'number' ? p.snoozed_until : null };
    }
    case 'operator_changed': {
      const operator = operatorPidOf(p.operator_pid);
      return operator ? { kind: 'operator_changed', operator } : OTHER;
    }
    case 'queue_position': {
      const place = queuePlaceOf(p);
      return place ? { kind: 'queue_position', place } : OTHER;
    }
    case 'queue_left': {
      const operator = operatorPidOf(p.operator_pid);
      return operator ? { kind: 'queue_left', operatorPid: operator } : OTHER;
    }
    default:
      return undefined;
  }
}

/** Decodes one payload, testing the shapes in the order PROTOCOL.md §5.1 gives the widget. */
export function decodeBusPayload(raw: unknown): BusPayload {
  if (!isRecord(raw)) return OTHER;
  if (raw._type === 'history_command') return { kind: 'history_command' };
  const info = decodeInfo(raw);
  if (info) return info;
  if (!('body' in raw && 'id' in raw)) return OTHER;
  const message = decodeChatMessage(raw);
  return message ? { kind: 'message', message } : OTHER;
}
