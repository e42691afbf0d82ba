import type { FastifyInstance } from 'fastify';
import { BusChannel } from '../../../protocol/livechat.js';
import type { ConversationStatus, ConversationStatusPayload } from '../../../protocol/conversation-status.js';
import type { KyselyStatusStore, WokenConversation } from './status-store.js';

/** Snoozed conversations opened per sweep at most; the next sweep takes the rest. */
export const WAKE_BATCH = 500;

/**
 * Tells the conversation's operators (its own and every member of its channel, who see it among the
 * unassigned ones or in "All") of its new status, on their own bus channels, so their lists follow live.
 */
export async function publishStatus(app: FastifyInstance, c: WokenConversation, status: ConversationStatus, snoozedUntil: number | null): Promise<void> {
  const ids = new Set(await app.store.channelOperatorIds(c.channel_id));
  if (c.operator_id !== null) ids.add(c.operator_id);
  if (ids.size === 0) return;
  const payload: ConversationStatusPayload = { info: 'conversation_status', session_id: c.id, status, snoozed_until: snoozedUntil };
  await app.bus.publish([...ids].map((id) => BusChannel.operator(id)), payload);
}

/** Opens the snoozed conversations whose time has come and tells their operators; how many it opened. */
export async function wakeExpired(app: FastifyInstance, store: KyselyStatusStore): Promise<number> {
  const woken = await store.wakeExpired(app.clock.now(), WAKE_BATCH);
  for (const c of woken) await publishStatus(app, c, 'open', null);
  return woken.length;
}
