import { operatorProfileRoutes } from './profile-routes.js';

/** Operator profiles: names and pictures. */
export const profilesFeature = operatorProfileRoutes;
