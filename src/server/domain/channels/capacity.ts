import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/store.js';

/**
 * A conversation counts in its operator's load while it is open and started or had a message this
 * recently: SPEC.md's "active livechat", which its balancing counts (PROTOCOL.md §11.2).
 */
export const ACTIVE_WINDOW_MS = 30 * 60_000;

/**
 * Each operator's load at `now`: their active live chats in every channel. The one measure the routing
 * rule, the transfer dialog and the supervision screen compare with a capacity.
 */
export function operatorLoads(store: Store, operatorIds: readonly number[], now: number): Promise<Map<number, number>> {
  return store.loads.activeLoads(operatorIds, now - ACTIVE_WINDOW_MS);
}

/**
 * How many active conversations the operator may hold in the channel (their own override, else the
 * channel's capacity), or null when no capacity applies. The one reading of the setting that screens use.
 */
export function operatorCapacity(app: FastifyInstance, channelId: number, operatorId: number): Promise<number | null> {
  return app.store.operatorCapacity(channelId, operatorId);
}

/** Whether an operator with that load is at its `capacity` (null: never). */
export function atCapacity(load: number, capacity: number | null): boolean {
  return capacity !== null && load >= capacity;
}
