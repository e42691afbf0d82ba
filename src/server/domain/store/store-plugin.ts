import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { KyselyStore } from './kysely-store.js';
import { seedIfEmpty, type SeedResult } from './seed.js';
import type { Store } from './store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chat kernel's storage: channels, operators, conversations, messages and the bus. */
    store: Store;
    /** What the first start seeded; undefined when the caller seeds itself, after its own checks (main.ts). */
    seed: SeedResult | undefined;
  }
}

/** Options of {@link storePlugin}. */
export interface StorePluginOptions {
  /** The first operator to create on an empty database; none when the caller seeds later itself. */
  seedAdmin: { login: string; password: string | undefined } | undefined;
}

/** The chat kernel's store on the open database; seeds it on first start when asked. */
export const storePlugin = fp(
  async (app: FastifyInstance, opts: StorePluginOptions) => {
    const store = new KyselyStore(app.database);
    app.decorate('store', store);
    app.decorate('seed', opts.seedAdmin === undefined ? undefined : await seedIfEmpty(store, opts.seedAdmin));
  },
  { name: 'store', dependencies: ['database'] },
);
