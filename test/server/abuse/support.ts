import { CONVERSATION_STATE_ROUTE } from '../../../src/protocol/conversation-state.js';
import type { Harness } from '../support/harness.js';

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
  return (await h.app.store.listNotifications({ channels: [channel] })).map((n) => JSON.parse(n.message) as Record<string, unknown>);
}

/** Every visitor route with parameters that are valid for `uuid`. */
export function visitorCalls(uuid: string, channelId: number, operatorId: number): [url: string, params: Record<string, unknown>][] {
  return [
    ['/im_livechat/init', { channel_id: channelId }],
    ['/im_livechat/load_templates', {}],
    ['/im_livechat/get_session', { channel_id: channelId, anonymous_name: 'V' }],
    [
      '/im_livechat/get_session',
      { channel_id: channelId, visitor_id: 'u-1', visitor_hash: '0'.repeat(64), visitor_name: 'V', visitor_email: 'v@example.org', context: { plan: 'Pro' }, time_zone: 'Europe/Paris', language: 'fr', page_history: ['/a'] },
    ],
    ['/im_livechat/visitor_update', { uuid, visitor_name: 'V', visitor_email: 'v@example.org', context: { plan: 'Pro' }, time_zone: 'Europe/Paris', language: 'fr' }],
    ['/im_livechat/earlier_conversations', { uuid }],
    ['/mail/chat_history', { uuid, limit: 5 }],
    [CONVERSATION_STATE_ROUTE, { uuid }],
    ['/mail/chat_post', { uuid, message_content: 'hello' }],
    ['/im_livechat/notify_typing', { uuid, is_typing: true }],
    ['/im_livechat/feedback', { uuid, rate: 5, reason: 'ok' }],
    ['/im_livechat/history', { pid: operatorId, channel_uuid: uuid, page_history: ['/a'] }],
    ['/im_livechat/email_livechat_transcript', { uuid, email: 'v@example.org' }],
    ['/im_livechat/offline_message', { channel_id: channelId, name: 'V', email: 'v@example.org', message: 'hello', post_key: 'abcdefghijklmnop' }],
    // A channel a visitor may not read: the poll answers at once instead of being held.
    ['/longpolling/poll', { channels: ['livechat.session.1'], last: 0 }],
  ];
}
