/**
 * The loader's only call: `/im_livechat/init` (PROTOCOL.md §3.2), as a bare fetch so the eager script
 * stays free of the RPC client. Never throws: a failure counts as "not available".
 */
import type { InitResult } from '../protocol/livechat.js';
import { PAGE_URL_PARAM, pageUrlFor } from '../protocol/page-url.js';

/** Asks whether an operator is available for this visitor on `channelId`. */
export async function fetchInit(serverUrl: string, channelId: number): Promise<InitResult | undefined> {
  try {
    const res = await fetch(`${serverUrl}/im_livechat/init`, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'call', params: { channel_id: channelId, [PAGE_URL_PARAM]: pageUrlFor(globalThis.location?.href) }, id: Math.floor(Math.random() * 1e9) }),
    });
    const body = (await res.json()) as { result?: InitResult };
    const result = body.result;
    if (!result || typeof result !== 'object') return undefined;
    // `options` are checked by the caller (channelOptionsFromWire) before any use.
    return { available_for_me: result.available_for_me, rule: result.rule && typeof result.rule === 'object' ? result.rule : {}, options: result.options };
  } catch {
    return undefined;
  }
}
