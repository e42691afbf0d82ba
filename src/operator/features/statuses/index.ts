import type { ConsoleFeature } from '../../app/registry.js';
import { StatusSection } from './status-control.js';

/**
 * Statuses: the open conversation's "Status" control (open, waiting for the visitor, snoozed, resolved).
 * The list's views and its order by waiting time belong to the desk, which the server's list answers for.
 */
export const statuses: ConsoleFeature = { pane: { details: [StatusSection] } };
