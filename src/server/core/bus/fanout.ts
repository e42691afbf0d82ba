import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { PgBusListener } from './pg-listener.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The LISTEN connection on PostgreSQL (`/readyz` reports its state); undefined on SQLite. */
    busListener: PgBusListener | undefined;
  }
}

/**
 * Multi-process fan-out on PostgreSQL (issue 4, ARCHITECTURE.md "scale-out"): every committed batch of
 * bus rows carries one NOTIFY with only the channel names (sent by the ordered writer in the same
 * transaction), and every process LISTENs on a dedicated connection and wakes its own held polls. The
 * table stays the only source of truth: a wake-up only makes a poll re-read it, so a lost NOTIFY costs
 * latency (until the hold ends), never data.
 * On SQLite there is one process per data folder and the in-memory wake-up is all there is.
 */
export const busFanoutPlugin = fp(
  async (app: FastifyInstance) => {
    const databaseUrl = app.config.databaseUrl;
    if (app.database.engine !== 'postgres' || databaseUrl === undefined) {
      app.decorate('busListener', undefined);
      return;
    }
    const events = app.bus.events;
    const listener = new PgBusListener({
      connectionString: databaseUrl,
      onWake: (channels) => events.emit('wake', channels),
      onError: (err, retryInMs) => app.log.warn({ err, retryInMs }, 'bus LISTEN connection lost: reconnecting'),
    });
    app.decorate('busListener', listener);
    await listener.start();
    // Runs before the database's own onClose (hooks run in reverse order), while the pool is still open.
    app.addHook('onClose', async () => {
      await listener.close();
    });
  },
  { name: 'bus-fanout', dependencies: ['bus-publisher', 'database'] },
);
