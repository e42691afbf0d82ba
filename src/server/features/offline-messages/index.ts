import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { offlineMessageRoutes } from './offline-message-routes.js';
import { offlineReplyRoutes } from './offline-reply-routes.js';

/** Offline messages: the visitor's form while no operator is online, and the operator's answer by mail. */
export const offlineMessagesFeature = fp(
  async (app: FastifyInstance) => {
    await app.register(offlineMessageRoutes);
    await app.register(offlineReplyRoutes);
  },
  { name: 'offline-messages-feature' },
);
