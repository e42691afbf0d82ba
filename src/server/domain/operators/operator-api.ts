import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../core/config/config.js';
import { attachmentUploadRoutes } from '../../features/uploads/operator-upload-routes.js';
import { offlineReplyRoutes } from '../../features/offline-messages/offline-reply-routes.js';
import { operatorAdminRoutes } from '../../features/admin/admin-routes.js';
import { operatorAdminIdentityRoutes } from '../../features/visitor-identity/identity-secret-routes.js';
import { operatorAlertRoutes } from '../../features/alerts/alert-routes.js';
import { operatorConsoleRoutes } from '../conversations/operator-console-routes.js';
import { operatorReceiptRoutes } from '../../features/receipts/receipt-routes.js';
import { operatorVisitorCardRoutes } from '../../features/visitor-card/visitor-card-routes.js';
import { operatorRoutes } from './operator-routes.js';

/**
 * The operator console's own API, same-origin with the operator's session cookie: each route under its
 * path in protocol/console/routes.ts (`/im_livechat/operator/…`, the admin ones `…/admin/…`). The console's
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
  await app.register(operatorAdminRoutes);
  await app.register(operatorAdminIdentityRoutes, { config });
}
