import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { ServerConfig } from './config.js';
import { jsonRpcPlugin } from './plugins/jsonrpc.js';
import { staticFilesPlugin } from './plugins/static-files.js';

export interface BuildAppOptions {
  config: ServerConfig;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the Fastify application without listening, so tests can `inject()` into it. */
export async function buildApp({ config, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    trustProxy: false,
  });
  await app.register(jsonRpcPlugin, { development: config.development });
  await app.register(staticFilesPlugin, { rootDir: config.rootDir });
  return app;
}
