/** What the console knows of the queue: a counter the bus bumps when a queue of the operator's channels changed. */
import { atom } from 'jotai/vanilla';
import type { BusHandler } from '../../app/registry.js';

/** Bumped when a queue changed (an arrival, a departure, a take): the list reads it again. */
export const queueVersionAtom = atom(0);

/** A queue of the operator's channels changed: read it again. */
export const onQueueEvent: BusHandler = (event, store) => {
  if (event.kind === 'info' && event.info === 'queue_changed') store.set(queueVersionAtom, (v) => v + 1);
};
