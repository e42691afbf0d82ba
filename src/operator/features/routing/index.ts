import type { ConsoleFeature } from '../../app/registry.js';
import { RoutingAdminSection } from './routing-admin.js';

/** Routing and capacity: Administration → Routing (operators' languages and own capacities). */
export const routing: ConsoleFeature = {
  adminSections: [{ id: 'routing', Section: RoutingAdminSection }],
};
