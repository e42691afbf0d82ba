import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { openDatabase, type OpenDatabase } from './database.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open, migrated database: each store (the domain's, each feature's) is built on it. */
    database: OpenDatabase;
    /** The PostgreSQL pool (its use is a metric); undefined on SQLite. */
    databasePool: pg.Pool | undefined;
  }
}

/** Options of {@link databasePlugin}. */
export interface DatabasePluginOptions {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** Opens and migrates the database, and closes it when the app closes. */
export const databasePlugin = fp(
  async (app: FastifyInstance, opts: DatabasePluginOptions) => {
    const open = await openDatabase({
      databaseUrl: opts.databaseUrl,
      dataDir: opts.dataDir,
      onConnectionError: (err) => app.log.warn({ err }, 'a database connection failed; the pool replaces it'),
    });
    app.log.info({ engine: open.engine, database: open.description }, 'database ready');
    app.decorate('database', open);
    app.decorate('databasePool', open.pool);
    // Runs after the other onClose hooks (Fastify calls them in reverse order), so held requests finish first.
    app.addHook('onClose', async () => {
      await open.close();
    });
  },
  { name: 'database' },
);
