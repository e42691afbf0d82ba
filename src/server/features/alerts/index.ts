import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { alertsPlugin } from './alerts-plugin.js';
import { operatorAlertRoutes } from './alert-routes.js';

/** Alert mails (issue 14): `app.alerts` with its listeners and sweep, and the operator's own alert settings. */
export const alertsFeature = fp(
  async (app: FastifyInstance) => {
    await app.register(alertsPlugin);
    await app.register(operatorAlertRoutes);
  },
  { name: 'alerts-feature' },
);
