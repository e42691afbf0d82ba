import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { datasetPlugin, webDatasetRoutes } from './dataset-routes.js';

/** The console's dataset layer (PROTOCOL.md §9): `app.dataset` and the `/web/dataset/…` routes over it. */
export const datasetFeature = fp(
  async (app: FastifyInstance) => {
    await app.register(datasetPlugin);
    await app.register(webDatasetRoutes);
  },
  { name: 'dataset-feature' },
);
