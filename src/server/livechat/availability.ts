import type { Store, AvailableOperator } from '../store/store.js';
import { AWAY_AFTER_MS } from '../bus/presence.js';

/**
 * An operator counts as online while logged in and seen within this window. Every authenticated request
 * refreshes it, and the bus refreshes it on each poll (PROTOCOL.md §11.1).
 */
export const ONLINE_WINDOW_MS = 60_000;
/** A session is "active" for load balancing when it started or had a message this recently (§11.2). */
export const ACTIVE_WINDOW_MS = 30 * 60_000;

/** The channel's operators who can take a conversation now (online, not away), with their load. */
export function onlineOperators(store: Store, channelId: number, now: number): Promise<AvailableOperator[]> {
  return store.availableOperators(channelId, now, now - ONLINE_WINDOW_MS, now - ACTIVE_WINDOW_MS, now - AWAY_AFTER_MS);
}

/**
 * Chooses who answers (PROTOCOL.md §11.2): the previous operator when online, otherwise one of the
 * online operators with the fewest active sessions, drawn at random among equals.
 */
export function pickOperator(candidates: AvailableOperator[], previousId: number | undefined, random: () => number = Math.random): AvailableOperator | undefined {
  if (candidates.length === 0) return undefined;
  const previous = previousId === undefined ? undefined : candidates.find((c) => c.id === previousId);
  if (previous) return previous;
  const least = Math.min(...candidates.map((c) => c.active_sessions));
  const pool = candidates.filter((c) => c.active_sessions === least);
  return pool[Math.floor(random() * pool.length)] ?? pool[0];
}
