import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/store.js';
import type { ConversationCounts } from './load-store.js';

/**
 * A conversation counts in balancing while it is open and started or had a message this recently:
 * SPEC.md's "active livechat", which its balancing counts (PROTOCOL.md §11.2).
 */
export const ACTIVE_WINDOW_MS = 30 * 60_000;

/**
 * The load counted for an operator. Against a capacity, every open conversation (the "concurrent
 * open conversations": a chat left quiet keeps its slot until it is closed); without one, the active
 * conversations SPEC.md's balancing counts, so a channel without capacities routes as it always did.
 */
export function countedLoad(counts: ConversationCounts | undefined, capacity: number | null): number {
  if (!counts) return 0;
  return capacity === null ? counts.active : counts.open;
}

/** An operator whose load is wanted, with the capacity it is measured against (null: none). */
export interface LoadSubject {
  id: number;
  capacity: number | null;
}

/**
 * Each operator's load at `now` in every channel, counted as {@link countedLoad} says for its capacity.
 * The one measure the routing rule, the queue, the transfer dialog and the supervision screen compare
 * with a capacity.
 */
export async function operatorLoads(store: Store, operators: readonly LoadSubject[], now: number): Promise<Map<number, number>> {
  const counts = await store.loads.conversationCounts(
    operators.map((o) => o.id),
    now - ACTIVE_WINDOW_MS,
  );
  return new Map(operators.map((o) => [o.id, countedLoad(counts.get(o.id), o.capacity)]));
}

/**
 * How many open conversations the operator may hold in the channel (their own override, else the
 * channel's capacity), or null when no capacity applies. The one reading of the setting that screens use.
 */
export function operatorCapacity(app: FastifyInstance, channelId: number, operatorId: number): Promise<number | null> {
  return app.store.operatorCapacity(channelId, operatorId);
}

/** Whether an operator with that load is at its `capacity` (null: never). */
export function atCapacity(load: number, capacity: number | null): boolean {
  return capacity !== null && load >= capacity;
}
