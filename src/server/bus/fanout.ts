import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { NotifyBatcher } from './notify-batcher.js';
import { BUS_NOTIFY_CHANNEL, PgBusListener } from './pg-listener.js';

/**
 * Multi-process fan-out on PostgreSQL (issue 4, ARCHITECTURE.md "scale-out"): every commit of bus rows
 * is followed by a coalesced NOTIFY carrying only the channel names, and every process LISTENs on a
 * dedicated connection and wakes its own held polls. The table stays the only source of truth: a
 * wake-up only makes a poll re-read it, so a lost NOTIFY costs latency (until the hold ends), never data.
 * On SQLite there is one process per data folder and the in-memory wake-up is all there is.
 */
export const busFanoutPlugin = fp(
  async (app: FastifyInstance) => {
    const databaseUrl = app.config.databaseUrl;
    if (app.store.engine !== 'postgres' || databaseUrl === undefined) return;
    const events = app.bus.events;
    const batcher = new NotifyBatcher({
      send: async (payload) => {
        await sql`SELECT pg_notify(${BUS_NOTIFY_CHANNEL}, ${payload})`.execute(app.store.db);
      },
      onError: (err) => app.log.warn({ err }, 'bus NOTIFY failed: other server processes answer their polls at the end of the hold'),
    });
    // `published` fires after the rows are committed, so a process woken by this NOTIFY finds them.
    const onPublished = (channels: string[]): void => batcher.add(channels);
    events.on('published', onPublished);
    const listener = new PgBusListener({
      connectionString: databaseUrl,
      onWake: (channels) => events.emit('wake', channels),
      onError: (err, retryInMs) => app.log.warn({ err, retryInMs }, 'bus LISTEN connection lost: reconnecting'),
    });
    await listener.start();
    // Runs before the store's own onClose (hooks run in reverse order), while the pool is still open.
    app.addHook('onClose', async () => {
      events.off('published', onPublished);
      await batcher.close();
      await listener.close();
    });
  },
  { name: 'bus-fanout', dependencies: ['bus-publisher', 'store'] },
);
