import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { attachmentUploadRoutes } from './attachments-upload.js';
import { offlineReplyRoutes } from './offline-reply.js';
import { OPERATOR_ADMIN_PREFIX, operatorAdminRoutes } from './operator-admin.js';
import { operatorAdminIdentityRoutes } from './operator-admin-identity.js';
import { operatorAlertRoutes } from './operator-alerts.js';
import { operatorConsoleRoutes } from './operator-console.js';
import { operatorReceiptRoutes } from './operator-receipts.js';
import { operatorVisitorCardRoutes } from './operator-visitor-card.js';
import { operatorRoutes } from './operator.js';

/**
 * The operator console's own API, same-origin with the operator's session cookie: registered by app.ts
 * under OPERATOR_PREFIX (`/im_livechat/operator`), the admin routes under its `admin/`. The console's
 * session, dataset and page routes keep the paths PROTOCOL.md gives them (routes/web-*.ts).
 */
export async function operatorApiRoutes(app: FastifyInstance, opts: { config: ServerConfig }): Promise<void> {
  const { config } = opts;
  await app.register(operatorRoutes);
  await app.register(operatorConsoleRoutes);
  await app.register(operatorAlertRoutes);
  await app.register(offlineReplyRoutes);
  await app.register(operatorVisitorCardRoutes, { config });
  await app.register(operatorReceiptRoutes, { config });
  await app.register(attachmentUploadRoutes, { config });
  await app.register(operatorAdminRoutes, { prefix: OPERATOR_ADMIN_PREFIX });
  await app.register(operatorAdminIdentityRoutes, { prefix: OPERATOR_ADMIN_PREFIX, config });
}
