import type { PollParams } from '../../protocol/livechat.js';
import type { KeyValueStore } from '../storage/index.js';
import type { Clock } from '../time/clock.js';
import type { CROSS_TAB_TIMINGS } from './cross-tab-timings.js';
import type { PollFn, PollLoopState } from './poll-loop.js';

/** A tab's part in the bus: `master` polls, `follower` listens to the master through storage. */
export type BusRole = 'stopped' | 'follower' | 'master';

/** The window events the bus reacts to: `pagehide` releases mastership at once, `pageshow` rejoins. */
export interface LifecycleHost {
  addEventListener(type: 'pagehide' | 'pageshow', listener: (event: Event) => void): void;
  removeEventListener(type: 'pagehide' | 'pageshow', listener: (event: Event) => void): void;
}

/** Settings of a {@link CrossTabBus}. */
export interface CrossTabBusOptions {
  poll: PollFn;
  /**
   * Shared storage whose keys are the bus names (`channels`, `last`, …): a local store prefixed with
   * {@link busKeyPrefix} of the server URL (see createBusStore). On its memory fallback every tab is alone
   * and polls for itself.
   */
  storage: KeyValueStore;
  clock?: Clock;
  random?: () => number;
  /** Window whose `pagehide` ends this tab's part; none in unit tests. */
  lifecycle?: LifecycleHost;
  /** This tab's id; `bus<n>:<ms>` by default (PROTOCOL.md §8.1). */
  tabId?: string;
  /** Poll options such as `bus_inactivity`. */
  pollOptions?: () => PollParams['options'];
  isAbortError?: (err: unknown) => boolean;
  /** Reports the master's poll state (for a "reconnecting" status). */
  onPollState?: (state: PollLoopState) => void;
  timings?: Partial<typeof CROSS_TAB_TIMINGS>;
}
