import type { Store, AvailableOperator, OnlineOperator } from '../store/store.js';
import type { ChannelRow } from '../../core/db/tables.js';
import { AWAY_AFTER_MS } from '../../core/bus/presence.js';
import { ChannelGates, type GateAnswer } from './open-gates.js';
import { operatorLoads } from './capacity.js';

// The rule lives apart; callers that know it from here keep importing it from here.
export { hasFreeCapacity, pickOperator, type RoutingPreferences } from './routing-rule.js';

/**
 * An operator counts as online while logged in and seen within this window. Every authenticated request
 * refreshes it, and the bus refreshes it on each poll (PROTOCOL.md §11.1).
 */
export const ONLINE_WINDOW_MS = 60_000;
/** The channel's operators online and not away, without their load (what availability alone needs). */
function presentOperators(store: Store, channelId: number, now: number): Promise<OnlineOperator[]> {
  return store.availableOperators(channelId, now, now - ONLINE_WINDOW_MS, now - AWAY_AFTER_MS);
}

/** The channel's operators who can take a conversation now (online, not away), with their load. */
export async function onlineOperators(store: Store, channelId: number, now: number): Promise<AvailableOperator[]> {
  const online = await presentOperators(store, channelId, now);
  const loads = await operatorLoads(store, online, now);
  return online.map((o) => ({ ...o, load: loads.get(o.id) ?? 0 }));
}

/** How stale an init answer may be: an operator who comes online shows within this delay. */
export const AVAILABILITY_CACHE_MS = 5_000;
/** Channels remembered at once; the oldest go first, so unknown ids sent in bulk cannot grow memory. */
export const AVAILABILITY_CACHE_SIZE = 1_000;

/** What init needs to know about a channel: its row (undefined when unknown) and whether anyone is online. */
export interface ChannelAvailability {
  channel: ChannelRow | undefined;
  online: boolean;
  /** Present when a gate (business hours…) keeps the channel closed: `online` is then false. */
  closed?: Extract<GateAnswer, { open: false }>;
}

interface Entry {
  at: number;
  value: Promise<ChannelAvailability>;
}

/**
 * Init is the one call every page view makes, and visitors waiting for an operator ask again every
 * minute: answering it from memory keeps the database out of the path of page views. Per process;
 * concurrent misses share one lookup. Writes made through this process (log-in, presence, admin) call
 * {@link forget}, so only other processes' changes wait for the window.
 */
export class AvailabilityCache {
  private readonly entries = new Map<number, Entry>();

  constructor(
    private readonly store: Store,
    private readonly now: () => number,
    private readonly maxAgeMs = AVAILABILITY_CACHE_MS,
    private readonly maxSize = AVAILABILITY_CACHE_SIZE,
    readonly gates = new ChannelGates(),
  ) {}

  get(channelId: number): Promise<ChannelAvailability> {
    const now = this.now();
    const hit = this.entries.get(channelId);
    if (hit && now - hit.at < this.maxAgeMs) return hit.value;
    this.entries.delete(channelId);
    const value = this.lookup(channelId, now);
    // A failed lookup is not remembered: the next call asks the database again.
    value.catch(() => {
      if (this.entries.get(channelId)?.value === value) this.entries.delete(channelId);
    });
    this.entries.set(channelId, { at: now, value });
    if (this.entries.size > this.maxSize) this.entries.delete(this.entries.keys().next().value as number);
    return value;
  }

  /** Drops every remembered answer (after a change this process made). */
  forget(): void {
    this.entries.clear();
  }

  private async lookup(channelId: number, now: number): Promise<ChannelAvailability> {
    const channel = await this.store.getChannel(channelId);
    if (!channel) return { channel, online: false };
    const gate = await this.gates.check(channelId, now);
    if (!gate.open) return { channel, online: false, closed: gate };
    return { channel, online: (await presentOperators(this.store, channelId, now)).length > 0 };
  }
}
