import { businessHoursRoutes } from './business-hours-routes.js';

/** Business hours: per channel, a time zone, weekly ranges and closed dates; closed outside them whoever is online. */
export const businessHoursFeature = businessHoursRoutes;
