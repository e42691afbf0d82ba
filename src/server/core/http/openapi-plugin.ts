import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/** Options of {@link openApiPlugin}. */
export interface OpenApiOptions {
  /** The package folder whose package.json gives the document's version. */
  rootDir: string;
}

function packageVersion(rootDir: string): string {
  try {
    return String((JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')) as { version?: unknown }).version ?? '0.0.0');
  } catch {
    return '0.0.0';
  }
}

/**
 * The HTTP API as an OpenAPI 3.1 document, built from the schemas every route declares, so it cannot
 * drift from what the server checks (routes/openapi.ts serves it). Registered before every route,
 * because @fastify/swagger collects routes as they are added.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, opts: OpenApiOptions) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'live-chat-server',
          version: packageVersion(opts.rootDir),
          description:
            'The live chat server’s HTTP API. JSON-RPC routes (PROTOCOL.md §1) take a POST body `{jsonrpc: "2.0", method: "call", params, id}` and answer `{jsonrpc: "2.0", id, result}` or `{jsonrpc: "2.0", id, error}`. A call whose params do not match the schema gets a `validation_error`; its `data.message` is the parameter’s `x-error` text.',
        },
      },
    });
  },
  { name: 'openapi' },
);
