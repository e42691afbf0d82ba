import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { registerReportWriters } from './report-writers.js';
import { reportsRoutes } from './reports-routes.js';

/**
 * Reports (issue 27): events and aggregates written inside the transactions of the conversation changes
 * (report-writers.ts), and the overview route a console reads.
 */
export const reportsFeature = fp(
  async (app: FastifyInstance) => {
    const off = registerReportWriters(app.database.facts);
    app.addHook('onClose', async () => off());
    await app.register(reportsRoutes);
  },
  { name: 'reports' },
);
