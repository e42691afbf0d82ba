export { newIdentitySecret } from './identity.js';
export { softwareOf } from './user-agent.js';
export { visitorPatch } from './visitor-claims.js';
export type { VisitorClaims } from './visitor-claims.js';
export { takeSessionQuota } from './visitor-limits.js';
export { visitorProfileRoutes } from './visitor-profile-routes.js';
