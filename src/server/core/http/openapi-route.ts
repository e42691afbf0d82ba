import Type from 'typebox';
import type { FastifyInstance } from 'fastify';

/** Where the document is served. */
export const OPENAPI_PATH = '/api/openapi.json';

/** `GET /api/openapi.json`: the OpenAPI document of plugins/openapi.ts; public, limited per address. */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This OpenAPI document',
        // Passed through as built: the document is whatever @fastify/swagger made of the routes.
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
      config: { rateLimit: { max: app.config.rateLimits.openapi, timeWindow: 60_000 } },
    },
    async (_request, reply) => {
      void reply.header('Cache-Control', 'no-cache');
      return app.swagger();
    },
  );
}
