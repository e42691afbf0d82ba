import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SupervisionStore } from './supervision-store.js';
import { supervisionRoutes } from './supervision-routes.js';
import { listenForChanges } from './supervision-service.js';

/**
 * Supervisors (issue 26): admins give a channel's members a role; a supervisor sees the channel's live
 * conversations and its operators' load on one screen, told of changes on its own bus channel, and takes
 * any conversation of it. Reading rights are the domain's (conversation-access-store.ts).
 */
export const supervisionFeature = fp(
  async (app: FastifyInstance) => {
    const store = new SupervisionStore(app.database.db);
    listenForChanges(app, store);
    await app.register(supervisionRoutes, { store });
  },
  { name: 'supervision-feature' },
);
