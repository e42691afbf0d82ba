/**
 * What the tabs of one profile share through storage (PROTOCOL.md §8.1): the channels, the last
 * notification id and its age, the master and its heartbeat, and the live peers. Values come from other
 * tabs (and other widget versions), so every read is checked.
 */
import type { BusNotification } from '../../protocol/livechat.js';
import type { KeyValueStore, StoredValue } from '../storage/index.js';
import type { Clock } from '../time/clock.js';
import type { CROSS_TAB_TIMINGS } from './cross-tab-timings.js';
import type { BusKeyName } from './storage-keys.js';

/** A finite number, or 0 for anything else another tab may have stored. */
export function toNumber(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The well-formed notifications of a stored `notification` value; anything else is dropped. */
export function storedNotifications(value: unknown): BusNotification[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (n): n is BusNotification => typeof n === 'object' && n !== null && typeof (n as BusNotification).id === 'number' && typeof (n as BusNotification).channel === 'string',
  );
}

/** Typed access to the bus keys of shared storage. */
export class SharedBusState {
  constructor(
    readonly storage: KeyValueStore,
    private readonly clock: Clock,
    private readonly t: typeof CROSS_TAB_TIMINGS,
  ) {}

  read<T>(name: BusKeyName, fallback: T): T {
    const value = this.storage.get(name);
    return value === undefined ? fallback : (value as T);
  }

  write(name: BusKeyName, value: unknown): void {
    this.storage.set(name, value as StoredValue);
  }

  /** The master's answer for the followers: the notifications and the id to poll from next. */
  publish(list: readonly BusNotification[], last: number): void {
    this.write('last', last);
    this.write('last_ts', this.clock.now());
    this.write('notification', list);
  }

  channels(): string[] {
    const value = this.read<unknown>('channels', []);
    return Array.isArray(value) ? value.filter((c): c is string => typeof c === 'string') : [];
  }

  /** The stored last id, or 0 once it is older than `lastMaxAgeMs` (a new master then starts over). */
  freshLast(): number {
    const ts = toNumber(this.read<unknown>('last_ts', 0));
    if (ts + this.t.lastMaxAgeMs < this.clock.now()) return 0;
    return toNumber(this.read<unknown>('last', 0));
  }

  masterIsStale(): boolean {
    return toNumber(this.read<unknown>('heartbeat', 0)) + this.t.masterStaleMs < this.clock.now();
  }

  peers(): Record<string, number> {
    const value = this.read<unknown>('peers', {});
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, number>) : {};
  }

  touchPeer(id: string): void {
    const peers = this.peers();
    peers[id] = this.clock.now();
    this.write('peers', peers);
  }

  dropPeer(id: string): void {
    const peers = this.peers();
    if (!(id in peers)) return;
    delete peers[id];
    this.write('peers', peers);
  }
}
