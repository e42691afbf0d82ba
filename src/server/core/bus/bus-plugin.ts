import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { BusPublisher, BusPublisherEvents } from './publisher.js';
import type { BusWrite, BusWriteResult } from './bus-write-types.js';
import { randomUUID } from 'node:crypto';
import { GroupCommit } from './group-commit.js';
import { isConnectionLost } from '../db/connection-errors.js';
import { KyselyBusStore, type BusStore } from './bus-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    bus: BusPublisher;
    /** The bus's notification rows and ordered writer, on the server's database. */
    busStore: BusStore;
  }
}

/** Decorates `app.bus` with the publisher and `app.busStore` with its storage; it needs `app.database` and `app.clock`. */
export const busPublisherPlugin = fp(
  async (app: FastifyInstance) => {
    const store = new KyselyBusStore(app.database);
    app.decorate('busStore', store);
    const events = new EventEmitter<BusPublisherEvents>();
    // Every waiting poll may listen; the default cap of 10 would print a false leak warning.
    events.setMaxListeners(0);
    const writer = new GroupCommit<BusWrite, BusWriteResult>({
      write: async (batch) => {
        const results = await store.write(batch);
        // Committed: wake the polls before the callers answer, once for the whole batch.
        const channels = new Set<string>();
        let written = 0;
        for (const result of results) {
          written += result.notifications.length;
          for (const row of result.notifications) channels.add(row.channel);
        }
        if (app.hasDecorator('metrics')) app.metrics.busWritten.inc(written);
        if (channels.size > 0) events.emit('published', [...channels]);
        return results;
      },
      // Only a lost connection leaves the commit unknown; any other failure rolled the batch back.
      recover: async (batch, err) => {
        if (!isConnectionLost(err)) return undefined;
        const results = await store.committed(batch);
        // Wakes this process's polls as a confirmed commit does: the LISTEN connection may have been lost too.
        if (results) events.emit('published', [...new Set(batch.flatMap((w) => w.channels))]);
        return results;
      },
    });
    const publisher: BusPublisher = {
      events,
      async publish(channels, message) {
        if (channels.length === 0) return [];
        return (await writer.submit({ kind: 'notify', channels, payload: message, now: app.clock.now() })).notifications;
      },
      async postMessage(message, channels, announce) {
        // Every message is keyed (a server key when the client sent none), so a batch whose commit was
        // not confirmed can be found (recover above) and a retry never stores a second copy.
        const keyed = { ...message, post_key: message.post_key ?? randomUUID() };
        const result = await writer.submit({ kind: 'message', message: keyed, channels, payload: announce, now: app.clock.now() });
        return { message: result.message!, notifications: result.notifications };
      },
    };
    app.decorate('bus', publisher);
    // Runs before the database closes (hooks run in reverse order): writes already accepted still commit.
    app.addHook('onClose', async () => writer.whenIdle());
  },
  { name: 'bus-publisher', dependencies: ['database', 'clock'] },
);
