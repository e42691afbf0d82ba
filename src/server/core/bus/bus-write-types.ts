import type { BusNotificationRow, MessageRow, NewMessage } from '../db/tables.js';

/** Test hooks of writeInOrder (bus-write-store.ts). */
export interface OrderedWriteHooks {
  /** Milliseconds to hold the transaction open after the ids are drawn, before the commit (tests). */
  commitDelayMs?: () => number;
}

/** One write of the bus: a payload for some channels, or a chat message and the payload made from its row. */
export type BusWrite =
  | { kind: 'notify'; channels: string[]; payload: unknown; now: number }
  | { kind: 'message'; message: NewMessage; channels: string[]; payload: (row: MessageRow) => unknown; now: number };

/** What one {@link BusWrite} wrote: the message row (for `message` writes) and its notifications in id order. */
export interface BusWriteResult {
  message?: MessageRow;
  notifications: BusNotificationRow[];
}
