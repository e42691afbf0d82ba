import { operatorAdminIdentityRoutes } from './identity-secret-routes.js';

/** Visitor identity: the admins' per-channel identity secrets (made, rotated, removed). */
export const visitorIdentityFeature = operatorAdminIdentityRoutes;
