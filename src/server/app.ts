import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config.js';
import { jsonRpcPlugin } from './plugins/jsonrpc.js';
import { staticFilesPlugin } from './plugins/static-files.js';
import { clockPlugin, type Clock } from './plugins/clock.js';
import { storePlugin } from './plugins/store.js';
import { busPublisherPlugin } from './plugins/bus-publisher.js';

/** What {@link buildApp} needs: the parsed configuration, and optionally a logger and a clock. */
export interface BuildAppOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
  /** A fake clock for tests; the real one otherwise. */
  clock?: Clock;
}

/** Builds the Fastify application without listening, so tests can `inject()` into it. */
export async function buildApp({ config, logger = false, clock }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });
  await app.register(jsonRpcPlugin, { development: config.development });
  await app.register(clockPlugin, clock ? { clock } : {});
  await app.register(storePlugin, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    adminLogin: config.adminLogin,
    adminPassword: config.adminPassword,
  });
  await app.register(busPublisherPlugin);
  await app.register(staticFilesPlugin, { rootDir: config.rootDir });
  return app;
}
