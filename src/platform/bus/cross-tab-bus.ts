import type { BusNotification } from '../../protocol/livechat.js';
import type { StoredValue } from '../storage/index.js';
import { systemClock, type Clock } from '../time/clock.js';
import { CROSS_TAB_TIMINGS } from './cross-tab-timings.js';
import { PollLoop } from './poll-loop.js';
import { SeenIds } from './seen-ids.js';
import { SharedBusState, storedNotifications, toNumber } from './shared-bus-state.js';
import type { BusRole, CrossTabBusOptions } from './cross-tab-options.js';

export type { BusRole, CrossTabBusOptions, LifecycleHost } from './cross-tab-options.js';

type Listener = (notification: BusNotification) => void;

let tabCounter = 0;

/**
 * The cross-tab bus (SPEC.md §4 "Cross-tab bus", PROTOCOL.md §8): tabs of one browser profile elect a
 * master that alone long-polls; it writes each answer to shared storage and the other tabs dispatch it
 * from the storage event. Every tab de-duplicates by notification id, so a new master re-reading from
 * `last` or a replayed answer never shows anything twice.
 *
 * Differences from the reference client, on purpose: `master` holds the master's tab id (not `true`) so
 * a tab that lost an election race notices at once; `notification` carries whole notifications (with
 * ids) so followers can de-duplicate; a follower watches the master's heartbeat and elects as soon as it
 * is out of date (5 s) instead of waiting for its own 10 s heartbeat; a closing master removes `master`
 * on `pagehide`, so the others elect a successor immediately.
 */
export class CrossTabBus {
  readonly tabId: string;
  #role: BusRole = 'stopped';
  readonly #opts: CrossTabBusOptions;
  readonly #clock: Clock;
  readonly #t: typeof CROSS_TAB_TIMINGS;
  readonly #shared: SharedBusState;
  readonly #seen = new SeenIds<number>();
  readonly #listeners = new Set<Listener>();
  readonly #roleListeners = new Set<(role: BusRole) => void>();
  readonly #loop: PollLoop;
  #heartbeatTimer: unknown;
  #watchTimer: unknown;
  #unlisten: (() => void) | undefined;
  #watchedOnce = false;

  constructor(opts: CrossTabBusOptions) {
    this.#opts = opts;
    this.#clock = opts.clock ?? systemClock();
    this.#t = { ...CROSS_TAB_TIMINGS, ...opts.timings };
    this.#shared = new SharedBusState(opts.storage, this.#clock, this.#t);
    tabCounter += 1;
    this.tabId = opts.tabId ?? `bus${tabCounter}:${this.#clock.now()}`;
    this.#loop = new PollLoop({
      poll: opts.poll,
      clock: this.#clock,
      random: opts.random,
      options: opts.pollOptions,
      isAbortError: opts.isAbortError,
      onStateChange: opts.onPollState,
      onNotifications: (list, last) => this.#onPolled(list, last),
    });
  }

  /** This tab's current role. */
  get role(): BusRole {
    return this.#role;
  }

  /** Whether this tab polls for the profile (desktop notifications are shown by the master only). */
  get isMaster(): boolean {
    return this.#role === 'master';
  }

  /** Highest notification id this tab knows of. */
  get last(): number {
    return this.#loop.last;
  }

  /** Receives every notification once, whichever tab polled it. Returns an unsubscribe function. */
  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Hears role changes ("become master", "no longer master"). Returns an unsubscribe function. */
  onRoleChange(listener: (role: BusRole) => void): () => void {
    this.#roleListeners.add(listener);
    return () => this.#roleListeners.delete(listener);
  }

  /** Joins the tabs of this profile: adopts a fresh stored `last`, registers as a peer, elects if needed. */
  start(): void {
    if (this.#role !== 'stopped') return;
    this.#loop.adoptLast(this.#shared.freshLast());
    this.#unlisten = this.#opts.storage.onChange((change) => this.#onStorage(change.key, change.newValue));
    this.#opts.lifecycle?.addEventListener('pagehide', this.#onPageHide);
    this.#opts.lifecycle?.addEventListener('pageshow', this.#onPageShow);
    this.#becomeFollower();
    if (!this.#shared.read<string | null>('master', null) || this.#shared.masterIsStale()) this.#elect();
  }

  /** Leaves the bus: stops polling, releases mastership, forgets this tab as a peer. */
  stop(): void {
    this.#leave();
    this.#opts.lifecycle?.removeEventListener('pagehide', this.#onPageHide);
    this.#opts.lifecycle?.removeEventListener('pageshow', this.#onPageShow);
  }

  /** Adds a channel to the list every tab shares; the master restarts its poll with it. */
  addChannel(channel: string): void {
    const channels = this.#shared.channels();
    if (channels.includes(channel)) return;
    this.#shared.write('channels', [...channels, channel]);
    this.#channelsChanged();
  }

  /** Removes a channel from the shared list; the master restarts its poll without it. */
  removeChannel(channel: string): void {
    const channels = this.#shared.channels();
    if (!channels.includes(channel)) return;
    this.#shared.write(
      'channels',
      channels.filter((c) => c !== channel),
    );
    this.#channelsChanged();
  }

  #setRole(role: BusRole): void {
    if (this.#role === role) return;
    this.#role = role;
    for (const listener of [...this.#roleListeners]) listener(role);
  }

  #schedule(ms: number, fn: () => void): void {
    if (this.#heartbeatTimer !== undefined) this.#clock.clearTimeout(this.#heartbeatTimer);
    this.#heartbeatTimer = this.#clock.setTimeout(fn, ms);
  }

  /** Elects the first live peer in stored order (the longest-standing tab); every tab computes the same. */
  #elect(): void {
    if (this.#role === 'stopped') return;
    const now = this.#clock.now();
    if (this.#opts.storage.backend === 'memory') {
      // Other tabs cannot see this tab's storage: it polls for itself (PROTOCOL.md §8.1).
      if (this.#role === 'follower') this.#becomeMaster();
      return;
    }
    // Storage events arrive late: by the time "master removed" is handled here another tab may already
    // have won and dropped itself from `peers`; electing from that list again would crown a second master.
    const current = this.#shared.read<string | null>('master', null);
    if (current && current !== this.tabId && !this.#shared.masterIsStale()) return;
    if (this.#role === 'follower') this.#shared.touchPeer(this.tabId);
    const winner = Object.entries(this.#shared.peers()).find(([, seen]) => toNumber(seen) + this.#t.peerGoneMs >= now);
    if (winner?.[0] === this.tabId) this.#becomeMaster();
  }

  #becomeMaster(): void {
    const now = this.#clock.now();
    this.#shared.write('master', this.tabId);
    this.#writeHeartbeat(now);
    this.#shared.dropPeer(this.tabId);
    this.#loop.adoptLast(this.#shared.freshLast());
    this.#setRole('master');
    this.#clearWatch();
    this.#loop.start(this.#shared.channels());
    this.#schedule(this.#t.masterHeartbeatMs, this.#masterBeat);
  }

  #becomeFollower(): void {
    this.#loop.stop();
    this.#setRole('follower');
    this.#shared.touchPeer(this.tabId);
    this.#schedule(this.#t.peerHeartbeatMs, this.#followerBeat);
    this.#watchMaster();
  }

  #writeHeartbeat(now: number): void {
    this.#shared.write('heartbeat', now);
  }

  readonly #masterBeat = (): void => {
    if (this.#role !== 'master') return;
    // Only the `master` key decides: comparing heartbeats would make two racing masters both step down.
    if (this.#shared.read<unknown>('master', null) !== this.tabId) {
      this.#becomeFollower();
      return;
    }
    const now = this.#clock.now();
    this.#writeHeartbeat(now);
    const peers = this.#shared.peers();
    const alive = Object.entries(peers).filter(([, seen]) => toNumber(seen) + this.#t.peerGoneMs >= now);
    if (alive.length !== Object.keys(peers).length) this.#shared.write('peers', Object.fromEntries(alive));
    this.#schedule(this.#t.masterHeartbeatMs, this.#masterBeat);
  };

  readonly #followerBeat = (): void => {
    if (this.#role !== 'follower') return;
    this.#shared.touchPeer(this.tabId);
    this.#schedule(this.#t.peerHeartbeatMs, this.#followerBeat);
    if (!this.#shared.read<string | null>('master', null) || this.#shared.masterIsStale()) this.#elect();
  };

  #clearWatch(): void {
    if (this.#watchTimer !== undefined) this.#clock.clearTimeout(this.#watchTimer);
    this.#watchTimer = undefined;
  }

  /** Elects as soon as the master's heartbeat goes out of date (a crashed master sends no `pagehide`). */
  #watchMaster(): void {
    this.#clearWatch();
    if (this.#role !== 'follower') return;
    const heartbeat = toNumber(this.#shared.read<unknown>('heartbeat', 0));
    const untilStale = heartbeat + this.#t.masterStaleMs + 1 - this.#clock.now();
    // Already out of date yet still a follower: the elected tab has not taken over (it may be gone too);
    // look again at the master's pace rather than spin.
    const due = untilStale > 0 ? untilStale : this.#watchedOnce ? this.#t.masterHeartbeatMs : 0;
    this.#watchedOnce = untilStale <= 0;
    this.#watchTimer = this.#clock.setTimeout(() => {
      this.#watchTimer = undefined;
      if (this.#role !== 'follower') return;
      if (!this.#shared.read<string | null>('master', null) || this.#shared.masterIsStale()) this.#elect();
      if (this.#role === 'follower') this.#watchMaster();
    }, due);
  }

  #channelsChanged(): void {
    if (this.#role === 'master') this.#loop.start(this.#shared.channels());
  }

  #onPolled(list: BusNotification[], last: number): void {
    this.#shared.publish(list, last);
    this.#dispatch(list);
  }

  #dispatch(list: readonly BusNotification[]): void {
    for (const notification of list) {
      if (!this.#seen.add(notification.id)) continue;
      for (const listener of [...this.#listeners]) {
        try {
          listener(notification);
        } catch (err) {
          // One consumer's bug must not hide the notification from the others.
          console.error('live-chat: a bus consumer failed', err);
        }
      }
    }
  }

  #onStorage(key: string | null, value: StoredValue | undefined): void {
    if (this.#role === 'stopped') return;
    switch (key) {
      case null:
      case 'master':
      {
        // `null`: another tab cleared the whole storage, master included. The event's value may be out of
        // date (events queue up behind other tabs' writes), so the stored value decides.
        const current = this.#shared.read<string | null>('master', null);
        if (current === null) {
          this.#elect();
        } else if (this.#role === 'master' && current !== this.tabId) {
          this.#becomeFollower();
        }
        break;
      }
      case 'heartbeat':
        if (this.#role === 'follower') this.#watchMaster();
        break;
      case 'last':
        this.#loop.adoptLast(toNumber(value));
        break;
      case 'notification': {
        const valid = storedNotifications(value);
        for (const n of valid) this.#loop.adoptLast(n.id);
        this.#dispatch(valid);
        break;
      }
      case 'channels':
        this.#channelsChanged();
        break;
    }
  }

  #leave(): void {
    if (this.#role === 'stopped') return;
    const wasMaster = this.#role === 'master';
    this.#loop.stop();
    if (this.#heartbeatTimer !== undefined) this.#clock.clearTimeout(this.#heartbeatTimer);
    this.#heartbeatTimer = undefined;
    this.#clearWatch();
    this.#unlisten?.();
    this.#unlisten = undefined;
    this.#shared.dropPeer(this.tabId);
    if (wasMaster && this.#shared.read<unknown>('master', null) === this.tabId) this.#opts.storage.remove('master');
    this.#setRole('stopped');
  }

  readonly #onPageHide = (): void => this.#leave();

  readonly #onPageShow = (event: Event): void => {
    if ((event as PageTransitionEvent).persisted) this.start();
  };
}
