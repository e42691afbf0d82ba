import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { ChannelRow, QueuedChatRow, VisitorSessionRow } from '../../core/db/tables.js';
import type { QueuePlace } from '../../../protocol/queue.js';

/**
 * What get_session asks when operators of the channel are online but none has room (issue 26). The domain
 * names no feature: the queue registers itself here, and without it the visitor gets SPEC.md §8's refusal.
 */
export interface WaitingRoom {
  /**
   * Lets a new conversation wait: when the channel's queue has room, calls `open` (which creates the
   * conversation without an operator) and answers it with the visitor's place; undefined when the queue
   * is full, and `open` is not called.
   */
  admit(channel: ChannelRow, open: () => Promise<VisitorSessionRow>): Promise<{ session: VisitorSessionRow; place: QueuePlace } | undefined>;
  /** Whether visitors wait in the channel's queue: a newcomer then waits behind them even if a slot is free. */
  hasWaiting(channelId: number): Promise<boolean>;
  /** The place of a conversation still waiting; undefined once picked up, closed, or never queued. */
  placeOf(session: QueuedChatRow): Promise<QueuePlace | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The registered waiting room, if a feature provides one. */
    waitingRoom: { current: WaitingRoom | undefined };
  }
}

/** Decorates `app.waitingRoom`, empty until the queue feature registers. */
export const waitingRoomPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('waitingRoom', { current: undefined as WaitingRoom | undefined });
  },
  { name: 'waiting-room' },
);
