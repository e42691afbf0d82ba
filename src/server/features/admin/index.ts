import { operatorAdminRoutes } from './admin-routes.js';

/** Administration: operators and channels' settings, admins only. */
export const adminFeature = operatorAdminRoutes;
