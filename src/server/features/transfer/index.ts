import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TransferStore } from './transfer-store.js';
import { TransferService } from './transfer-service.js';
import { transferRoutes } from './transfer-routes.js';
import { listenToAssignments } from './conversation-lines.js';

/**
 * Transfer, invite and leave (issue 26): an operator passes a conversation to a colleague or another
 * channel, invites a colleague beside itself, or leaves. The reactions to any change of hands (the
 * visitor's joined/left lines and header, the receiver's notice) hang off `conversation.assigned`.
 */
export const transferFeature = fp(
  async (app: FastifyInstance) => {
    await app.register(transferRoutes, { service: new TransferService(app, new TransferStore(app.database.db)) });
    listenToAssignments(app);
  },
  { name: 'transfer-feature' },
);
