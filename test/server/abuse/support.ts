import { QUEUE_LEAVE_ROUTE } from '../../../src/protocol/queue.js';
import { CONVERSATION_STATE_ROUTE } from '../../../src/protocol/conversation-state.js';
import type { Harness } from '../support/harness.js';
import { OFFLINE_MESSAGE_ROUTE } from '../../../src/protocol/offline-message.js';
import {
  CHAT_HISTORY_ROUTE,
  CHAT_POST_ROUTE,
  EARLIER_CONVERSATIONS_ROUTE,
  EMAIL_TRANSCRIPT_ROUTE,
  FEEDBACK_ROUTE,
  GET_SESSION_ROUTE,
  HISTORY_ROUTE,
  INIT_ROUTE,
  LOAD_TEMPLATES_ROUTE,
  NOTIFY_TYPING_ROUTE,
  POLL_ROUTE,
  VISITOR_UPDATE_ROUTE,
} from '../../../src/protocol/routes.js';

/** One JSON-RPC call from a given client address, as an attacker's script would send it. */
export async function callFrom(h: Harness, address: string, url: string, params: unknown, headers: Record<string, string> = {}) {
  const res = await h.app.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ jsonrpc: '2.0', method: 'call', params, id: 1 }),
  });
  const body = res.json() as { result?: unknown; error?: { data: { name: string; message: string; exception_type: string; debug: string } } };
  return { res, body };
}

/** The bus notifications stored for a channel. */
export async function notificationsOn(h: Harness, channel: string): Promise<Record<string, unknown>[]> {
  return (await h.app.busStore.listNotifications({ channels: [channel] })).map((n) => JSON.parse(n.message) as Record<string, unknown>);
}

/** Every visitor route with parameters that are valid for `uuid`. */
export function visitorCalls(uuid: string, channelId: number, operatorId: number): [url: string, params: Record<string, unknown>][] {
  return [
    [INIT_ROUTE, { channel_id: channelId }],
    [LOAD_TEMPLATES_ROUTE, {}],
    [GET_SESSION_ROUTE, { channel_id: channelId, anonymous_name: 'V' }],
    [
      GET_SESSION_ROUTE,
      { channel_id: channelId, visitor_id: 'u-1', visitor_hash: '0'.repeat(64), visitor_name: 'V', visitor_email: 'v@example.org', context: { plan: 'Pro' }, time_zone: 'Europe/Paris', language: 'fr', page_history: ['/a'] },
    ],
    [VISITOR_UPDATE_ROUTE, { uuid, visitor_name: 'V', visitor_email: 'v@example.org', context: { plan: 'Pro' }, time_zone: 'Europe/Paris', language: 'fr' }],
    [EARLIER_CONVERSATIONS_ROUTE, { uuid }],
    [CHAT_HISTORY_ROUTE, { uuid, limit: 5 }],
    [CONVERSATION_STATE_ROUTE, { uuid }],
    [QUEUE_LEAVE_ROUTE, { uuid }],
    [CHAT_POST_ROUTE, { uuid, message_content: 'hello' }],
    [NOTIFY_TYPING_ROUTE, { uuid, is_typing: true }],
    [FEEDBACK_ROUTE, { uuid, rate: 5, reason: 'ok' }],
    [HISTORY_ROUTE, { pid: operatorId, channel_uuid: uuid, page_history: ['/a'] }],
    [EMAIL_TRANSCRIPT_ROUTE, { uuid, email: 'v@example.org' }],
    [OFFLINE_MESSAGE_ROUTE, { channel_id: channelId, name: 'V', email: 'v@example.org', message: 'hello', post_key: 'abcdefghijklmnop' }],
    // A channel a visitor may not read: the poll answers at once instead of being held.
    [POLL_ROUTE, { channels: ['livechat.session.1'], last: 0 }],
  ];
}
