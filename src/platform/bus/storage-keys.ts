/** Names of the shared cross-tab bus entries (PROTOCOL.md §8.1). */
export type BusKeyName = 'channels' | 'options' | 'notification' | 'last' | 'last_ts' | 'peers' | 'heartbeat' | 'master';

/**
 * Turns the server origin into the middle part of the bus keys: every `:` followed by up to two `/`
 * becomes `_` (PROTOCOL.md §8.1), so `https://chat.example.com:8069` gives `https_chat.example.com_8069`.
 */
export function busOriginPart(serverUrl: string): string {
  let origin: string;
  try {
    origin = new URL(serverUrl).origin;
  } catch {
    origin = serverUrl.replace(/\/+$/, '');
  }
  return origin.replace(/:\/{0,2}/g, '_');
}

/** The `bus.<origin>.` prefix of one server's keys (PROTOCOL.md §8.1). */
export function busKeyPrefix(serverUrl: string): string {
  return `bus.${busOriginPart(serverUrl)}.`;
}
