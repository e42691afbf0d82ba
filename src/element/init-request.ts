/**
 * The loader's only call: `/im_livechat/init` (PROTOCOL.md §3.2), as a bare fetch so the eager script
 * stays free of the RPC client. Never throws: a failure counts as "not available".
 */
import type { InitResult } from '../protocol/livechat.js';
import { ORIGIN_NOT_ALLOWED_CODE } from '../protocol/origin-refusal.js';
import { PAGE_URL_PARAM, pageUrlFor } from '../protocol/page-url.js';
import { INIT_ROUTE } from '../protocol/init-route.js';
import type { LiveChatEventDetails, LiveChatEventName } from './events.js';

/**
 * Asks whether an operator is available for this visitor on `channelId`. A refusal of this page's site
 * (the server's ALLOWED_ORIGINS) is reported through `emit` by a chunk of its own.
 */
export async function fetchInit(serverUrl: string, channelId: number, emit: <K extends LiveChatEventName>(name: K, detail: LiveChatEventDetails[K]) => void): Promise<InitResult | undefined> {
  try {
    const res = await fetch(`${serverUrl}${INIT_ROUTE}`, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { channel_id: channelId, [PAGE_URL_PARAM]: pageUrlFor(globalThis.location?.href) }, id: Math.floor(Math.random() * 1e9) }),
    });
    const body = (await res.json()) as { result?: InitResult; error?: { code?: unknown } };
    if (body.error?.code === ORIGIN_NOT_ALLOWED_CODE) import('./origin-refused.js').then((m) => m.reportRefusal(serverUrl, emit), Object);
    const result = body.result;
    if (!result || typeof result !== 'object') return undefined;
    // `options` are checked by the caller (channelOptionsFromWire) before any use.
    return { available_for_me: result.available_for_me, rule: result.rule && typeof result.rule === 'object' ? result.rule : {}, options: result.options };
  } catch {
    return undefined;
  }
}
