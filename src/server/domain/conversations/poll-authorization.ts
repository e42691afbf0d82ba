import { BUS_CHANNEL_PATTERN, BusChannel } from '../../../protocol/livechat.js';
import type { OperatorRow } from '../../core/db/tables.js';
import { mayRead } from './conversation-access-store.js';
import type { Store } from '../store/store.js';

/** At most this many channels are considered per poll; the widget polls one, an operator a few dozen. */
export const MAX_POLL_CHANNELS = 200;

/**
 * Keeps the channels the caller may read (issue 4 "Authorization"): a visitor's only credential is its
 * session uuid, so a uuid channel is readable when such a session exists; an operator also reads its own
 * channel and the channel of each session it may read (those it serves, those of channels it supervises,
 * every one for an admin), so whoever may open a conversation follows it live. Anything else is dropped
 * silently, so a poll never tells whether a channel exists.
 */
export async function readableChannels(store: Store, requested: string[], operator: OperatorRow | null): Promise<string[]> {
  // Names outside the channel grammar are dropped before any lookup: no other input reaches the database.
  const wanted = [...new Set(requested)].filter((c) => c.length <= 64 && BUS_CHANNEL_PATTERN.test(c)).slice(0, MAX_POLL_CHANNELS);
  const allowed = new Set<string>();
  if (operator) {
    const own = BusChannel.operator(operator.id);
    if (wanted.includes(own)) allowed.add(own);
    for (const channel of wanted) {
      const match = /^livechat\.session\.(\d{1,15})$/.exec(channel);
      if (!match) continue;
      const session = await store.getVisitorSession(Number(match[1]));
      if (session && BusChannel.session(session.id) === channel && (await mayRead(store, operator, session))) allowed.add(channel);
    }
  }
  for (const channel of wanted) {
    if (allowed.has(channel) || channel.startsWith('livechat.')) continue;
    if (await store.getVisitorSessionByUuid(channel)) allowed.add(channel);
  }
  return wanted.filter((c) => allowed.has(c));
}
