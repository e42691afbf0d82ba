import type { BusNotificationRow, MessageRow, NewMessage } from '../db/tables.js';

declare module '../db/fact-writers.js' {
  interface TransactionFacts {
    /**
     * Chat messages stored by a bus write, in its transaction and stored order; a retried post whose key
     * was stored already is left out. On PostgreSQL the writers run after the ordered statement, while
     * its lock is held: each of their statements delays every writer, so a batch must cost a few
     * statements whatever its size. Bodies are left out: no writer of a fact needs them.
     */
    'messages.stored': { messages: Pick<MessageRow, 'session_id' | 'author_operator_id' | 'message_type' | 'created_at'>[] };
  }
}

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
