import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../core/db/database.js';
import type { Database } from '../../core/db/tables.js';
import { KyselyStore } from './kysely-store.js';
import { seedIfEmpty, type SeedResult } from './seed.js';
import type { Store } from './store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one storage interface every route uses. */
    store: Store;
    /** What the first start seeded; undefined when the caller seeds itself, after its own checks (main.ts). */
    seed: SeedResult | undefined;
    /** The PostgreSQL pool (its use is a metric); undefined on SQLite. */
    databasePool: pg.Pool | undefined;
    /** The database handle, for core's own tables (the outbox) as app.ts wires them; everything else asks the store. */
    databaseHandle: Kysely<Database>;
  }
}

/** Options of {@link storePlugin}. */
export interface StorePluginOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** The first operator to create on an empty database; none when the caller seeds later itself. */
  seedAdmin: { login: string; password: string | undefined } | undefined;
}

/** Opens and migrates the database, seeds it on first start when asked, and closes it when the app closes. */
export const storePlugin = fp(
  async (app: FastifyInstance, opts: StorePluginOptions) => {
    const open = await openDatabase({
      databaseUrl: opts.databaseUrl,
      dataDir: opts.dataDir,
      onConnectionError: (err) => app.log.warn({ err }, 'a database connection failed; the pool replaces it'),
    });
    const store = new KyselyStore(open);
    app.log.info({ engine: open.engine, database: open.description }, 'database ready');
    app.decorate('store', store);
    app.decorate('databasePool', open.pool);
    app.decorate('databaseHandle', open.db);
    app.decorate('seed', opts.seedAdmin === undefined ? undefined : await seedIfEmpty(store, opts.seedAdmin));
    // Runs after the other onClose hooks (Fastify calls them in reverse order), so held requests finish first.
    app.addHook('onClose', async () => {
      await store.close();
    });
  },
  { name: 'store' },
);
