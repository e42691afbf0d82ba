import type { EventEmitter } from 'node:events';
import type { BusPublisherEvents } from '../plugins/bus-publisher.js';

/** Why a wait ended. */
export type WakeReason = 'published' | 'timeout' | 'closed';

/**
 * Waits until a publish touches one of `channels`, `timeoutMs` passes, or `closed` fires (the client
 * went away). The listener is removed in every case, so a held poll leaves nothing behind.
 * Subscribe before reading the table (see {@link armWakeup}) or a publish between read and wait is missed.
 */
export interface Wakeup {
  readonly done: Promise<WakeReason>;
  cancel(): void;
}

/**
 * Starts listening at once; await `done` after the first read of the table came back empty. Both local
 * publishes (`published`) and wake-ups relayed from other server processes (`wake`) end the wait.
 */
export function armWakeup(events: EventEmitter<BusPublisherEvents>, channels: readonly string[], timeoutMs: number, closed: AbortSignal): Wakeup {
  const wanted = new Set(channels);
  let finish: (reason: WakeReason) => void = () => undefined;
  const done = new Promise<WakeReason>((resolve) => {
    finish = resolve;
  });
  const onPublished = (published: string[]): void => {
    if (published.some((c) => wanted.has(c))) end('published');
  };
  const onWake = (woken: string[] | 'all'): void => {
    if (woken === 'all') end('published');
    else onPublished(woken);
  };
  const onClosed = (): void => end('closed');
  const timer = setTimeout(() => end('timeout'), timeoutMs);
  function end(reason: WakeReason): void {
    clearTimeout(timer);
    events.off('published', onPublished);
    events.off('wake', onWake);
    closed.removeEventListener('abort', onClosed);
    finish(reason);
  }
  events.on('published', onPublished);
  events.on('wake', onWake);
  if (closed.aborted) end('closed');
  else closed.addEventListener('abort', onClosed);
  return { done, cancel: () => end('closed') };
}
