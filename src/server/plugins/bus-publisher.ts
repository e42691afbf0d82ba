import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { BusNotificationRow } from '../store/schema.js';
import { insertNotificationsInOrder } from '../bus/ordered-writer.js';

/** Events of the publisher: `published` carries the distinct channel names just written. */
export interface BusPublisherEvents {
  published: [channels: string[]];
  /** Rows committed by another server process (PostgreSQL NOTIFY), or `all` after a missed stretch. */
  wake: [channels: string[] | 'all'];
}

/** The one way routes write bus notifications (channel names: `BusChannel` in src/protocol/livechat.ts). */
export interface BusPublisher {
  /** Writes `message` once per channel and then wakes the polls waiting on those channels. */
  publish(channels: string[], message: unknown): Promise<BusNotificationRow[]>;
  /** In-process wake-ups; the long-polling bus listens to `published`. */
  readonly events: EventEmitter<BusPublisherEvents>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bus: BusPublisher;
  }
}

/** Decorates `app.bus` with the publisher; it needs `app.store` and `app.clock`. */
export const busPublisherPlugin = fp(
  async (app: FastifyInstance) => {
    const events = new EventEmitter<BusPublisherEvents>();
    // Every waiting poll may listen; the default cap of 10 would print a false leak warning.
    events.setMaxListeners(0);
    const publisher: BusPublisher = {
      events,
      async publish(channels, message) {
        const distinct = [...new Set(channels)];
        if (distinct.length === 0) return [];
        const rows = await insertNotificationsInOrder(app.store.db, app.store.engine, distinct.map((channel) => ({ channel, message })), app.clock.now());
        events.emit('published', distinct);
        return rows;
      },
    };
    app.decorate('bus', publisher);
  },
  { name: 'bus-publisher', dependencies: ['store', 'clock'] },
);
