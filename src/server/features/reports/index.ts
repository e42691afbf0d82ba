import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { registerHourlyWriters } from './hourly-writers.js';
import { registerReportWriters } from './report-writers.js';
import { reportsBreakdownRoutes } from './reports-breakdown-routes.js';
import { reportsRoutes } from './reports-routes.js';

/**
 * Reports (issue 27): events and aggregates written inside the transactions of the conversation changes
 * (report-writers.ts, hourly-writers.ts), the overview route, its breakdowns and the live figures a console reads.
 */
export const reportsFeature = fp(
  async (app: FastifyInstance) => {
    const off = [registerReportWriters(app.database.facts), registerHourlyWriters(app.database.facts)];
    app.addHook('onClose', async () => off.forEach((o) => o()));
    await app.register(reportsRoutes);
    await app.register(reportsBreakdownRoutes);
  },
  { name: 'reports' },
);
