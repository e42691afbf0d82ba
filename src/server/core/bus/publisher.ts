import type { EventEmitter } from 'node:events';
import type { BusNotificationRow, MessageRow, NewMessage } from '../db/tables.js';

/** Events of the publisher: `published` carries the distinct channel names just written. */
export interface BusPublisherEvents {
  published: [channels: string[]];
  /** Rows committed by another server process (PostgreSQL NOTIFY), or `all` after a missed stretch. */
  wake: [channels: string[] | 'all'];
}

/** A message and the notifications that announce it, committed together. */
export interface PostedMessage {
  message: MessageRow;
  notifications: BusNotificationRow[];
}

/** The one way routes write bus notifications (channel names: `BusChannel` in src/protocol/livechat.ts). */
export interface BusPublisher {
  /** Writes `message` once per channel and then wakes the polls waiting on those channels. */
  publish(channels: string[], message: unknown): Promise<BusNotificationRow[]>;
  /**
   * Inserts a chat message and, in the same transaction, the payload `announce` builds from its row on
   * each of `channels`; then wakes the polls. One commit for both, shared with concurrent posts.
   */
  postMessage(message: NewMessage, channels: string[], announce: (row: MessageRow) => unknown): Promise<PostedMessage>;
  /** In-process wake-ups; the long-polling bus listens to `published`. */
  readonly events: EventEmitter<BusPublisherEvents>;
}
