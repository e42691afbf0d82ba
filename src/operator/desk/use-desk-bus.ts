import { useEffect, useRef, type RefObject } from 'react';
import type { CrossTabBus } from '../../platform/bus/cross-tab-bus.js';
import type { PollLoopState } from '../../platform/bus/poll-loop.js';
import { BusChannel } from '../../protocol/livechat.js';
import { decodeConsoleNotification, type ConsoleBusEvent } from '../core/console-bus.js';

/** What {@link useDeskBus} needs. */
export interface DeskBusOptions {
  /** Builds the bus; called once per desk. */
  createBus(onPollState: (state: PollLoopState) => void): CrossTabBus;
  /** The operator's partner id (its bus channel). */
  partnerId: number;
  /** The conversations still open: the desk follows their channels. */
  liveSessionIds: readonly number[];
  onPollState(state: PollLoopState): void;
  /** Each decoded notification; the latest function is called, so it may change on every render. */
  onEvent(event: ConsoleBusEvent): void;
}

/**
 * The desk's bus, one per desk and operator, kept in `busRef` while it runs: the operator's channel from
 * the start, and the channel of each open conversation as it appears.
 */
export function useDeskBus(busRef: RefObject<CrossTabBus | null>, { createBus, partnerId, liveSessionIds, onPollState, onEvent }: DeskBusOptions): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    const bus = createBus(onPollState);
    busRef.current = bus;
    const unsubscribe = bus.subscribe((n) => handler.current(decodeConsoleNotification(n, partnerId)));
    bus.addChannel(BusChannel.operator(partnerId));
    bus.start();
    return () => {
      unsubscribe();
      bus.removeChannel(BusChannel.operator(partnerId));
      bus.stop();
      busRef.current = null;
    };
  }, [busRef, createBus, onPollState, partnerId]);

  const openIds = liveSessionIds.join(',');
  useEffect(() => {
    const bus = busRef.current;
    if (!bus) return;
    for (const id of openIds.split(',').filter(Boolean)) bus.addChannel(BusChannel.session(Number(id)));
  }, [busRef, openIds]);
}
