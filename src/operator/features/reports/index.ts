import type { ConsoleFeature } from '../../app/registry.js';
import { ReportsView } from './reports-view-lazy.js';

/** Reports: the overview of a period beside the one before it, with charts and CSV (every operator, scoped by the server). */
export const reports: ConsoleFeature = {
  views: [{ id: 'reports', label: 'operator.reports.view', Panel: ReportsView }],
};
